import { describe, expect, it } from "vitest";
import { dropIndex, dropMark } from "./dragging";

// Four blocks whose middles are at 10, 30, 50 and 70.
const middles = [10, 30, 50, 70];

describe("dragging a block", () => {
  it("lands after every other block whose middle the pointer has passed", () => {
    expect(dropIndex(middles, 0, 5)).toBe(0);
    expect(dropIndex(middles, 0, 35)).toBe(1);
    expect(dropIndex(middles, 0, 90)).toBe(3);
    expect(dropIndex(middles, 3, 0)).toBe(0);
    expect(dropIndex(middles, 2, 45)).toBe(2);
  });

  it("marks where it lands: before the block it goes above, after the last at the end, nothing where it was", () => {
    expect(dropMark(4, 0, 1)).toEqual({ at: 2, side: "before" });
    expect(dropMark(4, 0, 3)).toEqual({ at: 3, side: "after" });
    expect(dropMark(4, 3, 0)).toEqual({ at: 0, side: "before" });
    expect(dropMark(4, 2, 2)).toBeNull();
  });
});

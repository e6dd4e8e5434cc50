import { describe, expect, it } from "vitest";
import { compareSearch } from "./compareSearch";

describe("the comparison's URL", () => {
  it("keeps whole positive numbers once, in order, and drops the rest", () => {
    expect(compareSearch({ ids: [5, "3", 5, -1, 2.5, "x", 7] })).toEqual({ ids: [5, 3, 7] });
    expect(compareSearch({ ids: "5" })).toEqual({ ids: [] });
    expect(compareSearch({})).toEqual({ ids: [] });
  });
});

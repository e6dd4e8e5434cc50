import { describe, expect, it } from "vitest";
import { nextAt } from "./BestHour";

describe("nextAt", () => {
  it("is today when the hour is still to come, and tomorrow once it has passed", () => {
    expect(nextAt(10, new Date(2026, 10, 28, 9, 59))).toBe("2026-11-28T10:00");
    expect(nextAt(10, new Date(2026, 10, 28, 10, 0))).toBe("2026-11-29T10:00");
    expect(nextAt(9, new Date(2026, 11, 31, 23, 30))).toBe("2027-01-01T09:00");
  });
});

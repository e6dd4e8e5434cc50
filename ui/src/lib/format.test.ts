import { describe, expect, it } from "vitest";
import { formatCount, formatDate, pageRange, plural } from "./format";

describe("format", () => {
  it("groups thousands", () => {
    expect(formatCount(50000)).toBe("50,000");
    expect(formatCount(0)).toBe("0");
  });

  it("shows service timestamps as day, month and year", () => {
    expect(formatDate("2026-03-12 10:04:00")).toBe("12 Mar 2026");
    expect(formatDate(null)).toBe("—");
    expect(formatDate("yesterday")).toBe("yesterday");
    expect(formatDate("2026-13-01")).toBe("2026-13-01");
  });

  it("describes a page of a known or unknown total", () => {
    expect(pageRange(0, 100, 50000)).toBe("1–100 of 50,000");
    expect(pageRange(100, 100, 50000)).toBe("101–200 of 50,000");
    expect(pageRange(200, 3, null)).toBe("201–203");
    expect(pageRange(0, 0, 0)).toBe("Nothing here");
  });

  it("pluralises", () => {
    expect(plural(1, "list", "lists")).toBe("1 list");
    expect(plural(1200, "list", "lists")).toBe("1,200 lists");
  });
});

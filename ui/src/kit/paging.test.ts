import { describe, expect, it } from "vitest";
import { MAX_SCROLL_HEIGHT, pagesFor, rowCount, scrollScale } from "./paging";

describe("paging", () => {
  it("names the pages a window of rows needs, and the next one past the middle of the last", () => {
    expect(pagesFor(0, 30, 100)).toEqual([0]);
    expect(pagesFor(20, 60, 100)).toEqual([0, 1]);
    expect(pagesFor(95, 130, 100)).toEqual([0, 1]);
    expect(pagesFor(130, 170, 100)).toEqual([1, 2]);
    expect(pagesFor(5, 2, 100)).toEqual([]);
  });

  it("never asks for a page past the rows the table has", () => {
    expect(pagesFor(49_970, 49_999, 100, 50_000)).toEqual([499]);
    expect(pagesFor(49_850, 49_880, 100, 50_000)).toEqual([498, 499]);
    expect(pagesFor(20, 60, 100, 100)).toEqual([0]);
  });

  it("trusts the total until a page shows where the rows end", () => {
    expect(rowCount(50_000, new Map(), 100)).toBe(50_000);
    expect(rowCount(50_000, new Map([[0, { rows: 100, hasMore: true }]]), 100)).toBe(50_000);
    expect(rowCount(50_000, new Map([[3, { rows: 20, hasMore: false }]]), 100)).toBe(320);
  });

  it("grows an unknown total a page at a time", () => {
    expect(rowCount(null, new Map(), 100)).toBe(100);
    expect(rowCount(null, new Map([[0, { rows: 100, hasMore: true }]]), 100)).toBe(200);
    expect(rowCount(null, new Map([[0, { rows: 1, hasMore: false }]]), 100)).toBe(1);
    expect(rowCount(null, new Map([[0, { rows: 0, hasMore: false }]]), 100)).toBe(0);
  });

  it("scales a million rows into a height the browser can draw", () => {
    expect(scrollScale(50_000 * 36)).toBe(1);
    const scale = scrollScale(1_000_000 * 36);
    expect((1_000_000 * 36) / scale).toBeCloseTo(MAX_SCROLL_HEIGHT);
  });
});

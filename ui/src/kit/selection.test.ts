// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/preact";
import { describe, expect, it } from "vitest";
import { headerBox, isTicked, nothing, span, tick, tickedCount, useTicked } from "./selection";

interface Person {
  id: number;
}
const id = (p: Person) => String(p.id);
const people = (...ids: number[]) => ids.map((n) => ({ id: n }));

describe("ticking rows", () => {
  it("keeps the rows ticked by id, and unticks them", () => {
    let ticked = tick(nothing<Person>(), people(1, 2, 3), true, id);
    ticked = tick(ticked, people(2), false, id);
    expect(isTicked(ticked, { id: 1 }, id)).toBe(true);
    expect(isTicked(ticked, { id: 2 }, id)).toBe(false);
    expect(tickedCount(ticked, 500)).toBe(2);
    // Ticking a row again (the same row read anew) counts it once.
    expect(tickedCount(tick(ticked, people(1), true, id), 500)).toBe(2);
  });

  it("counts everything the filter matches as its total, and unticking any of it starts again from nothing", () => {
    const all = { all: true } as const;
    expect(isTicked(all, { id: 99 }, id)).toBe(true);
    expect(tickedCount(all, 50_000)).toBe(50_000);
    expect(tickedCount(all, null)).toBeNull();
    expect(tick(all, people(4), true, id)).toBe(all);
    expect(tickedCount(tick(all, people(4), false, id), 50_000)).toBe(0);
  });

  it("shows the box over the rows ticked, mixed or empty", () => {
    expect(headerBox([true, true])).toBe("all");
    expect(headerBox([true, false])).toBe("some");
    expect(headerBox([false, false])).toBe("none");
    expect(headerBox([])).toBe("none");
  });

  it("spans a Shift-click from the row last clicked, either way", () => {
    expect(span(null, 7)).toEqual([7, 7]);
    expect(span(3, 7)).toEqual([3, 7]);
    expect(span(7, 3)).toEqual([3, 7]);
  });

  it("starts from nothing when the table shows other rows", () => {
    const { result, rerender } = renderHook(({ key }) => useTicked<Person>(id, key), { initialProps: { key: "all" } });
    act(() => result.current.set(people(1, 2), true));
    expect(tickedCount(result.current.ticked, null)).toBe(2);
    rerender({ key: "state=bounced" });
    expect(tickedCount(result.current.ticked, null)).toBe(0);
    act(() => result.current.tickAll());
    expect(result.current.ticked.all).toBe(true);
    act(() => result.current.clear());
    expect(result.current.has({ id: 1 })).toBe(false);
  });
});

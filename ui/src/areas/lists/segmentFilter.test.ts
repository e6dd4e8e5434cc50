import { describe, expect, it } from "vitest";
import type { Segment } from "../../ipc/bindings/Segment";
import { listSearch } from "./listSearch";
import { conditionFields, countedSegment, differs, readSegment, segmentTotal, tableFilter } from "./segmentFilter";

const moscow: Segment = { matchAll: true, conditions: [{ field: { field: 3 }, op: "is", value: "Москва" }] };

describe("conditions in a list's URL", () => {
  it("come back as they went", () => {
    expect(readSegment(JSON.parse(JSON.stringify(moscow)))).toEqual(moscow);
    expect(listSearch({ segment: "4", where: moscow })).toEqual({ segment: 4, where: moscow });
  });

  it("are dropped when they are not conditions", () => {
    expect(readSegment({ matchAll: true, conditions: [{ field: "phone", op: "is", value: "1" }] })).toBeUndefined();
    expect(readSegment({ matchAll: true, conditions: [{ field: { field: 0 }, op: "is", value: "1" }] })).toBeUndefined();
    expect(readSegment({ matchAll: true, conditions: [{ field: "email", op: "like", value: "1" }] })).toBeUndefined();
    expect(readSegment({ matchAll: "yes", conditions: [] })).toBeUndefined();
    expect(listSearch({ segment: "x", where: "Москва" })).toEqual({});
  });
});

describe("what narrows the table", () => {
  it("is the saved segment until its conditions are changed here", () => {
    expect(tableFilter({ segment: 4 })).toEqual({ segmentId: 4 });
    expect(tableFilter({ segment: 4, where: moscow })).toEqual({ conditions: moscow });
    expect(tableFilter({ where: { matchAll: true, conditions: [] } })).toEqual({});
    expect(tableFilter({})).toEqual({});
  });

  it("is counted the same way, and nothing is counted when nothing narrows", () => {
    expect(countedSegment({ segment: 4 })).toEqual({ saved: 4 });
    expect(countedSegment({ segment: 4, where: moscow })).toEqual({ conditions: moscow });
    expect(countedSegment({})).toBeNull();
  });

  it("gives the table its length in the states the count knows", () => {
    const count = { matching: 120, active: 100 };
    expect(segmentTotal(count, "all")).toBe(120);
    expect(segmentTotal(count, "active")).toBe(100);
    expect(segmentTotal(count, "bounced")).toBeNull();
    expect(segmentTotal({ matching: 120, active: null }, "active")).toBeNull();
    expect(segmentTotal(null, "all")).toBeNull();
  });
});

describe("conditions", () => {
  it("differ from a saved segment's only when changed", () => {
    expect(differs(moscow, JSON.parse(JSON.stringify(moscow)))).toBe(false);
    expect(differs(moscow, { ...moscow, matchAll: false })).toBe(true);
    expect(differs(moscow, null)).toBe(true);
  });

  it("pick a choice field's value and type a date field's as a date", () => {
    const fields = conditionFields([
      { id: 4, title: "Birthday", kind: "date", required: false, tag: "BIRTHDAY", choices: [] },
      { id: 5, title: "Roast", kind: "choice", required: false, tag: "ROAST", choices: ["Espresso", "Filter"] },
    ]);
    expect(fields).toEqual([
      { id: 4, title: "Birthday", choices: undefined, date: true },
      { id: 5, title: "Roast", choices: ["Espresso", "Filter"], date: false },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { moved, ruleInWords } from "./routeSummary";

const t = (key: string, values?: Record<string, unknown>) => (values ? `${key}${JSON.stringify(values)}` : key);

describe("routes in words and in order", () => {
  it("moves one route and keeps the others in their order", () => {
    expect(moved([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moved([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moved([1, 2, 3], 0, 5)).toEqual([1, 2, 3]);
  });

  it("joins conditions with the word for all or any", () => {
    const conditions = [
      { field: "from" as const, header: "", op: "contains" as const, value: "a" },
      { field: "header" as const, header: "X-Tag", op: "equals" as const, value: "b" },
    ];
    const all = ruleInWords({ kind: "conditions", any: false, conditions }, t as never);
    expect(all).toContain(" inbound.rule.and ");
    expect(all).toContain("inbound.field.headerNamed");
    expect(all).toContain("X-Tag");
    expect(ruleInWords({ kind: "conditions", any: true, conditions }, t as never)).toContain(" inbound.rule.or ");
    expect(ruleInWords({ kind: "everything" }, t as never)).toBe("inbound.rule.everything");
  });
});

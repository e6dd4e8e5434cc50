import { describe, expect, it } from "vitest";
import type { ImportPreview } from "../../ipc/bindings/ImportPreview";
import { countsByReason, toSend, keyOfUse, withUse } from "./importPlan";

const preview = (counts: Partial<ImportPreview["counts"]>): ImportPreview => ({
  file: { fileId: "f", name: "a.csv" },
  encoding: "utf-8",
  delimiter: ";",
  header: true,
  rows: 100,
  columns: [],
  sample: [],
  counts: { missingAddress: 0, invalidAddress: 0, duplicate: 0, typoDomain: 0, roleAddress: 0, unsubscribed: 0, complained: 0, refused: 0, ...counts },
  problems: [],
  excludedInAccount: 0,
  sheets: [],
  sheet: null,
  reading: {},
});

describe("an import's plan", () => {
  it("sends every row but the ones its problems and the choices keep back", () => {
    const p = preview({ missingAddress: 2, duplicate: 3, typoDomain: 4, roleAddress: 5, unsubscribed: 1 });
    expect(toSend(p, { fixTypos: true, keepRoles: true, updateExisting: false })).toBe(94);
    expect(toSend(p, { fixTypos: false, keepRoles: false, updateExisting: false })).toBe(85);
  });

  it("has one address column: marking another takes it over", () => {
    const columns = withUse([{ to: "address" }, { to: "field", fieldId: 1 }], 1, { to: "address" });
    expect(columns).toEqual([{ to: "skip" }, { to: "address" }]);
    expect(withUse(columns, 0, { to: "field", fieldId: 2 })).toEqual([{ to: "field", fieldId: 2 }, { to: "address" }]);
  });

  it("tells uses apart by what they name", () => {
    expect(keyOfUse({ to: "field", fieldId: 3 })).toBe("field-3");
    expect(keyOfUse({ to: "newField", title: "Город" })).toBe("new-Город");
    expect(countsByReason(preview({ typoDomain: 7 }).counts).typo_domain).toBe(7);
  });
});

import { describe, expect, it } from "vitest";
import type { ColumnView } from "../../ipc/bindings/ColumnView";
import type { FieldView } from "../../ipc/bindings/FieldView";
import type { ImportPreview } from "../../ipc/bindings/ImportPreview";
import { datesOf, slashOrders } from "./importDates";

const column = (slashes: ColumnView["slashes"], samples: string[] = [], name: string | null = null): ColumnView => ({ name, samples, suggested: { to: "skip" }, slashes });
const preview = (columns: ColumnView[]) => ({ columns }) as unknown as ImportPreview;
const field = (id: number, kind: FieldView["kind"]): FieldView => ({ id, title: `f${id}`, kind, required: false, tag: `F${id}`, choices: [] });
const fields = [field(1, "text"), field(2, "date"), field(3, "date")];

describe("an import's dates", () => {
  it("asks the order of slashed dates read either way, in a column going to a date field", () => {
    const dates = datesOf(preview([column(null), column("either", ["", "03/04/2024"], "Birthday")]), fields, [{ to: "address" }, { to: "field", fieldId: 2 }]);
    expect(dates).toEqual({ dateFields: [2, 3], known: {}, ask: [{ fieldId: 2, column: "Birthday", example: "03/04/2024" }] });
    expect(slashOrders(dates, {})).toBeNull();
    expect(slashOrders(dates, { 2: "dayFirst" })).toEqual({ 2: "dayFirst" });
  });

  it("takes the order a column tells, and asks nothing of a text field's slashes", () => {
    const told = datesOf(preview([column("either"), column("dayFirst")]), fields, [{ to: "field", fieldId: 2 }, { to: "field", fieldId: 3 }]);
    expect(told.known).toEqual({ 3: "dayFirst" });
    expect(told.ask.map((q) => [q.fieldId, q.column])).toEqual([[2, "1"]]);
    expect(slashOrders(told, { 2: "monthFirst" })).toEqual({ 2: "monthFirst", 3: "dayFirst" });
    const text = datesOf(preview([column("either")]), fields, [{ to: "field", fieldId: 1 }]);
    expect([text.known, text.ask]).toEqual([{}, []]);
  });

  it("keeps each column's own order when two date columns tell different ones, and asks nothing", () => {
    const mixed = datesOf(preview([column("dayFirst"), column("monthFirst")]), fields, [{ to: "field", fieldId: 2 }, { to: "field", fieldId: 3 }]);
    expect(mixed.ask).toEqual([]);
    expect(slashOrders(mixed, {})).toEqual({ 2: "dayFirst", 3: "monthFirst" });
  });
});

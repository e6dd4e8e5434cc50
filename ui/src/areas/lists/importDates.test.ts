import { describe, expect, it } from "vitest";
import type { ColumnView } from "../../ipc/bindings/ColumnView";
import type { FieldView } from "../../ipc/bindings/FieldView";
import type { ImportPreview } from "../../ipc/bindings/ImportPreview";
import { datesOf } from "./importDates";

const column = (slashes: ColumnView["slashes"], samples: string[] = []): ColumnView => ({ name: null, samples, suggested: { to: "skip" }, slashes });
const preview = (columns: ColumnView[]) => ({ columns }) as unknown as ImportPreview;
const field = (id: number, kind: FieldView["kind"]): FieldView => ({ id, title: `f${id}`, kind, required: false, tag: `F${id}`, choices: [] });
const fields = [field(1, "text"), field(2, "date"), field(3, "date")];

describe("an import's dates", () => {
  it("asks the order of slashed dates read either way, in a column going to a date field", () => {
    const dates = datesOf(preview([column(null), column("either", ["03/04/2024"])]), fields, [{ to: "address" }, { to: "field", fieldId: 2 }]);
    expect(dates).toEqual({ dateFields: [2, 3], known: null, ask: true, example: "03/04/2024" });
  });

  it("takes the order a column tells, and asks nothing of a text field's slashes", () => {
    const told = datesOf(preview([column("either"), column("dayFirst")]), fields, [{ to: "field", fieldId: 2 }, { to: "field", fieldId: 3 }]);
    expect([told.known, told.ask]).toEqual(["dayFirst", false]);
    const text = datesOf(preview([column("either")]), fields, [{ to: "field", fieldId: 1 }]);
    expect([text.known, text.ask]).toEqual([null, false]);
  });

  it("asks when two date columns tell different orders", () => {
    const mixed = datesOf(preview([column("dayFirst"), column("monthFirst")]), fields, [{ to: "field", fieldId: 2 }, { to: "field", fieldId: 3 }]);
    expect([mixed.known, mixed.ask]).toEqual([null, true]);
  });
});

import type { ColumnUse } from "../../ipc/bindings/ColumnUse";
import type { FieldView } from "../../ipc/bindings/FieldView";
import type { ImportPreview } from "../../ipc/bindings/ImportPreview";
import type { SlashOrder } from "../../ipc/bindings/SlashOrder";

/** What the import needs to know of the file's dates: the list's date fields, the order its slashed dates have, and whether to ask it. */
export interface DatesOf {
  dateFields: number[];
  /** The order the columns going to date fields tell, when they tell one. */
  known: SlashOrder | null;
  /** A slashed date read either way (03/04/2024): the marketer is asked, never guessed for. */
  ask: boolean;
  /** A value to show in the question. */
  example: string | null;
}

export function datesOf(preview: ImportPreview, fields: FieldView[], uses: ColumnUse[]): DatesOf {
  const dateFields = fields.filter((f) => f.kind === "date").map((f) => f.id);
  const dated = uses.flatMap((use, i) => (use.to === "field" && dateFields.includes(use.fieldId) ? [i] : []));
  const orders = new Set(dated.map((i) => preview.columns[i]?.slashes).filter((o): o is SlashOrder => o != null));
  const told = [...orders].filter((o) => o !== "either");
  const known = told.length === 1 ? told[0] : null;
  const ask = orders.size > 0 && known === null;
  const exampleColumn = dated.find((i) => preview.columns[i]?.slashes != null);
  const example = exampleColumn === undefined ? null : (preview.columns[exampleColumn].samples.find((s) => s.includes("/")) ?? null);
  return { dateFields, known, ask, example };
}

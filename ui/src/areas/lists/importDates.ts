import type { ColumnUse } from "../../ipc/bindings/ColumnUse";
import type { FieldView } from "../../ipc/bindings/FieldView";
import type { ImportPreview } from "../../ipc/bindings/ImportPreview";
import type { SlashOrder } from "../../ipc/bindings/SlashOrder";

/** Slashed dates read either way (03/04/2024) in a column going to a date field: the marketer is asked, never guessed for. */
export interface DateQuestion {
  fieldId: number;
  /** The column's header, or its number from 1 without one. */
  column: string;
  /** A value to show in the question. */
  example: string;
}

/** What the import needs to know of the file's dates: the list's date fields, the order each date field's column tells, and what to ask. */
export interface DatesOf {
  dateFields: number[];
  /** The order of each date field whose column tells one. */
  known: Record<number, SlashOrder>;
  /** One question per column that does not tell its order. */
  ask: DateQuestion[];
}

export function datesOf(preview: ImportPreview, fields: FieldView[], uses: ColumnUse[]): DatesOf {
  const dateFields = fields.filter((f) => f.kind === "date").map((f) => f.id);
  const known: Record<number, SlashOrder> = {};
  const ask: DateQuestion[] = [];
  uses.forEach((use, i) => {
    const order = preview.columns[i]?.slashes;
    if (use.to !== "field" || !dateFields.includes(use.fieldId) || order == null) return;
    if (order !== "either") {
      known[use.fieldId] = order;
      return;
    }
    const column = preview.columns[i];
    ask.push({ fieldId: use.fieldId, column: column.name ?? String(i + 1), example: column.samples.find((s) => s.includes("/")) ?? "03/04/2024" });
  });
  return { dateFields, known, ask };
}

/** The order of every date field: the columns' own, then the marketer's answers; `null` while a question is unanswered. */
export function slashOrders(dates: DatesOf, answers: Record<number, SlashOrder>): Record<number, SlashOrder> | null {
  if (dates.ask.some((q) => answers[q.fieldId] === undefined)) return null;
  const answered = Object.fromEntries(dates.ask.map((q) => [q.fieldId, answers[q.fieldId]]));
  return { ...dates.known, ...answered };
}

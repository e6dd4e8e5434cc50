import type { FieldView } from "../../ipc/bindings/FieldView";
import type { ListSegment } from "../../ipc/bindings/ListSegment";
import type { Segment } from "../../ipc/bindings/Segment";
import type { SegmentCondition } from "../../ipc/bindings/SegmentCondition";
import type { SegmentCount } from "../../ipc/bindings/SegmentCount";
import type { SegmentOp } from "../../ipc/bindings/SegmentOp";
import type { ConditionField } from "../../letter/ConditionsEditor";

const OPS: SegmentOp[] = ["is", "isNot", "contains", "notContains", "starts", "ends", "greater", "less"];

/** Conditions kept in a list's URL (`where`), read back; anything that is not a segment is dropped. */
export function readSegment(value: unknown): Segment | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { matchAll, conditions } = value as Record<string, unknown>;
  if (typeof matchAll !== "boolean" || !Array.isArray(conditions)) return undefined;
  const read: SegmentCondition[] = [];
  for (const c of conditions) {
    if (typeof c !== "object" || c === null) return undefined;
    const { field, op, value: wanted } = c as Record<string, unknown>;
    const n = typeof field === "object" && field !== null ? (field as Record<string, unknown>).field : undefined;
    const readField = field === "email" ? "email" : Number.isInteger(n) && (n as number) > 0 ? { field: n as number } : null;
    if (!readField || !OPS.includes(op as SegmentOp) || typeof wanted !== "string") return undefined;
    read.push({ field: readField, op: op as SegmentOp, value: wanted });
  }
  return { matchAll, conditions: read };
}

/** What narrows the table: a saved segment as the service has it, or conditions being built. */
export interface SegmentChoice {
  /** The saved segment chosen. */
  segment?: number;
  /** Conditions not saved, or a saved segment's as changed here. */
  where?: Segment;
}

/** The table query's part of the choice: conditions being built win over the saved segment they started from. */
export function tableFilter(choice: SegmentChoice): { segmentId?: number; conditions?: Segment } {
  if (choice.where && choice.where.conditions.length > 0) return { conditions: choice.where };
  if (choice.where) return {};
  return choice.segment !== undefined ? { segmentId: choice.segment } : {};
}

/** What to count for the choice; `null` when nothing narrows the list. */
export function countedSegment(choice: SegmentChoice): ListSegment | null {
  const filter = tableFilter(choice);
  if (filter.conditions) return { conditions: filter.conditions };
  if (filter.segmentId !== undefined) return { saved: filter.segmentId };
  return null;
}

/** The table's row count under a segment: what matches in the state shown, when the count says it. */
export function segmentTotal(count: SegmentCount | null | undefined, state: string): number | null {
  if (!count) return null;
  if (state === "all") return count.matching;
  if (state === "active") return count.active;
  return null;
}

/** Whether conditions differ from a saved segment's (so there is something to save). */
export function differs(a: Segment | null | undefined, b: Segment | null | undefined): boolean {
  return JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);
}

/** A list's fields as conditions name them: a choice field's choices picked, a date field's value a date. */
export function conditionFields(fields: FieldView[]): ConditionField[] {
  return fields.map((f) => ({ id: f.id, title: f.title, choices: f.kind === "choice" ? f.choices : undefined, date: f.kind === "date" }));
}

import type { ColumnUse } from "../../ipc/bindings/ColumnUse";
import type { ImportPlan } from "../../ipc/bindings/ImportPlan";
import type { ImportPreview } from "../../ipc/bindings/ImportPreview";
import type { ProblemCounts } from "../../ipc/bindings/ProblemCounts";
import type { Reading } from "../../ipc/bindings/Reading";
import type { Reason } from "../../ipc/bindings/Reason";

export interface Decisions {
  fixTypos: boolean;
  keepRoles: boolean;
  updateExisting: boolean;
}

/** A column's use as one value, to find it among a select's options. */
export function keyOfUse(use: ColumnUse): string {
  switch (use.to) {
    case "address":
      return "address";
    case "field":
      return `field-${use.fieldId}`;
    case "newField":
      return `new-${use.title}`;
    case "skip":
      return "skip";
  }
}

/** The plan sent to start the import, the file read as the preview read it. One column is the address: marking another moves it there. */
export function planFor(listId: number, fileId: string, header: boolean, columns: ColumnUse[], choices: Decisions, reading: Reading = {}): ImportPlan {
  return { listId, fileId, header, columns, choices, reading };
}

/** Marks a column's use; a column marked as the address takes that from any other (which is then skipped). */
export function withUse(columns: ColumnUse[], column: number, use: ColumnUse): ColumnUse[] {
  return columns.map((u, i) => (i === column ? use : use.to === "address" && u.to === "address" ? { to: "skip" } : u));
}

/** The counts by the reason's wire name. */
export function countsByReason(counts: ProblemCounts): Record<Reason, number> {
  return {
    missing_address: counts.missingAddress,
    invalid_address: counts.invalidAddress,
    duplicate: counts.duplicate,
    typo_domain: counts.typoDomain,
    role_address: counts.roleAddress,
    unsubscribed: counts.unsubscribed,
    complained: counts.complained,
    refused: counts.refused,
  };
}

/** Rows the import will send under these choices: every row but those with a problem the choices do not take. */
export function toSend(preview: ImportPreview, decisions: Decisions): number {
  const c = preview.counts;
  const skipped = c.missingAddress + c.invalidAddress + c.duplicate + c.unsubscribed + c.complained + (decisions.fixTypos ? 0 : c.typoDomain) + (decisions.keepRoles ? 0 : c.roleAddress);
  return Math.max(0, Number(preview.rows) - skipped);
}

import type { EventKind } from "../../ipc/bindings/EventKind";
import type { RecipientReport } from "../../ipc/bindings/RecipientReport";
import type { ReportSort } from "../../ipc/bindings/ReportSort";

/** A campaign's row reports: one tab per recipient report, and the events. */
export type RowsTab = RecipientReport | "events";

export const RECIPIENT_REPORTS: RecipientReport[] = ["sent", "delivered", "opened", "clicked", "bounced", "complained", "unsubscribed"];
export const EVENT_KINDS: EventKind[] = ["sent", "bounced", "opened", "clicked", "unsubscribed", "complained"];
const SORTS: ReportSort[] = ["time", "email", "domain", "bounceCode", "eventType", "region", "device", "link"];

/** The row reports screen, as its URL keeps it. */
export interface RowsSearch {
  tab?: RowsTab;
  sort?: ReportSort;
  desc?: boolean;
  /** Events only: the filters of the events report. */
  kind?: EventKind;
  from?: string;
  to?: string;
  email?: string;
  fields?: string[];
}

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** Reads the row reports' URL search, dropping anything it does not know. */
export function rowsSearch(search: Record<string, unknown>): RowsSearch {
  const out: RowsSearch = {};
  const tab = search.tab as RowsTab;
  if (tab === "events" || RECIPIENT_REPORTS.includes(tab)) out.tab = tab;
  if (SORTS.includes(search.sort as ReportSort)) out.sort = search.sort as ReportSort;
  if (search.desc === true) out.desc = true;
  if (EVENT_KINDS.includes(search.kind as EventKind)) out.kind = search.kind as EventKind;
  for (const key of ["from", "to"] as const) {
    if (typeof search[key] === "string" && LOCAL_TIME.test(search[key])) out[key] = search[key];
  }
  if (typeof search.email === "string" && search.email.trim()) out.email = search.email.trim();
  if (Array.isArray(search.fields)) {
    const fields = search.fields.filter((f): f is string => typeof f === "string" && /^[a-z_0-9]{1,20}$/.test(f));
    if (fields.length > 0) out.fields = [...new Set(fields)];
  }
  return out;
}

import type { DialogFilter } from "../../ipc/bindings/DialogFilter";

/** The inbox screen, as its URL keeps it. */
export interface InboxSearch {
  filter?: DialogFilter;
  unread?: boolean;
  q?: string;
  /** The dialog open on the right. */
  dialog?: number;
}

export const FILTERS: DialogFilter[] = ["open", "closed", "all"];

/** Reads the inbox's URL search, dropping anything it does not know. */
export function inboxSearch(search: Record<string, unknown>): InboxSearch {
  const out: InboxSearch = {};
  if (FILTERS.includes(search.filter as DialogFilter) && search.filter !== "open") out.filter = search.filter as DialogFilter;
  if (search.unread === true) out.unread = true;
  if (typeof search.q === "string" && search.q.trim()) out.q = search.q.trim();
  const dialog = Number(search.dialog);
  if (Number.isInteger(dialog) && dialog > 0) out.dialog = dialog;
  return out;
}

import type { DialogFilter } from "../../ipc/bindings/DialogFilter";

/** The inbox screen, as its URL keeps it. */
export interface InboxSearch {
  filter?: DialogFilter;
  unread?: boolean;
  q?: string;
  /** Only replies to this campaign. */
  campaign?: number;
  /** Only replies from this list's subscribers. */
  list?: number;
  /** The dialog open on the right. */
  dialog?: number;
  /** It was opened by a `campaign-desk://` link, not by the user here: shown, not marked read until they act on it. */
  byLink?: boolean;
}

/** A positive whole number from the URL, or nothing. */
function id(value: unknown) {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export const FILTERS: DialogFilter[] = ["open", "closed", "all"];

/** Reads the inbox's URL search, dropping anything it does not know. */
export function inboxSearch(search: Record<string, unknown>): InboxSearch {
  const out: InboxSearch = {};
  if (FILTERS.includes(search.filter as DialogFilter) && search.filter !== "open") out.filter = search.filter as DialogFilter;
  if (search.unread === true) out.unread = true;
  if (typeof search.q === "string" && search.q.trim()) out.q = search.q.trim();
  for (const key of ["campaign", "list", "dialog"] as const) {
    const value = id(search[key]);
    if (value) out[key] = value;
  }
  if (out.dialog && search.byLink === true) out.byLink = true;
  return out;
}

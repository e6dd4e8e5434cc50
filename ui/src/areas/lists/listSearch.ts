import type { SubscriberSort } from "../../ipc/bindings/SubscriberSort";
import type { SubscriberState } from "../../ipc/bindings/SubscriberState";
import type { Segment } from "../../ipc/bindings/Segment";
import { readSegment } from "./segmentFilter";

/** A list's subscribers screen, as its URL keeps it. */
/** The states a list counts and filters by. */
export type ListedState = Exclude<SubscriberState, "unknown">;

export interface ListSearch {
  state?: ListedState;
  email?: string;
  sort?: SubscriberSort;
  desc?: boolean;
  /** The row at the top of the table. */
  row?: number;
  /** The saved segment the table is narrowed to. */
  segment?: number;
  /** Conditions the table is narrowed by, not saved (or a saved segment's, changed). */
  where?: Segment;
}

export const STATES: ListedState[] = ["active", "unsubscribed", "bounced", "complained", "unconfirmed", "inactive"];
const SORTS: SubscriberSort[] = ["email", "state", "subscribedAt", "editedAt", "unsubscribedAt", "rating"];

/** Reads the search of a list's URL, dropping anything it does not know. */
export function listSearch(search: Record<string, unknown>): ListSearch {
  const out: ListSearch = {};
  if (STATES.includes(search.state as ListedState)) out.state = search.state as ListedState;
  if (typeof search.email === "string" && search.email.trim()) out.email = search.email.trim();
  if (SORTS.includes(search.sort as SubscriberSort)) out.sort = search.sort as SubscriberSort;
  if (search.desc === true) out.desc = true;
  const row = Number(search.row);
  if (Number.isInteger(row) && row > 0) out.row = row;
  const segment = Number(search.segment);
  if (Number.isInteger(segment) && segment > 0) out.segment = segment;
  const where = readSegment(search.where);
  if (where) out.where = where;
  return out;
}

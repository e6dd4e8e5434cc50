import type { DialogRow } from "../../ipc/bindings/DialogRow";
import type { ReplyKind } from "../../ipc/bindings/ReplyKind";

/** Kinds the inbox folds away from the replies people wrote. */
export const FOLDED: ReplyKind[] = ["auto_reply", "failure"];

export type InboxItem =
  | { type: "dialog"; key: string; row: DialogRow }
  | { type: "folded"; key: string; campaignId: number; campaignName: string | null; rows: DialogRow[]; open: boolean };

/**
 * The list as the marketer reads it: replies people wrote (and requests to
 * unsubscribe, and complaints) first, newest first as the service sends
 * them; then, per campaign, one row holding its auto-replies and failure
 * notices, opened on request.
 */
export function arrange(rows: DialogRow[], openGroups: ReadonlySet<number>): InboxItem[] {
  const people: InboxItem[] = [];
  const groups = new Map<number, DialogRow[]>();
  for (const row of rows) {
    if (FOLDED.includes(row.kind)) groups.set(row.campaignId, [...(groups.get(row.campaignId) ?? []), row]);
    else people.push({ type: "dialog", key: `d${row.id}`, row });
  }
  const folded: InboxItem[] = [];
  for (const [campaignId, group] of groups) {
    const open = openGroups.has(campaignId);
    folded.push({ type: "folded", key: `c${campaignId}`, campaignId, campaignName: group[0].campaignName, rows: group, open });
    if (open) folded.push(...group.map((row): InboxItem => ({ type: "dialog", key: `d${row.id}`, row })));
  }
  return [...people, ...folded];
}

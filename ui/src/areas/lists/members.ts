import type { Field } from "../../ipc/bindings/Field";
import type { List } from "../../ipc/bindings/List";
import type { Member } from "../../ipc/bindings/Member";
import type { MemberState } from "../../ipc/bindings/MemberState";

export type StateFilter = MemberState | "all";

export const STATE_FILTERS: StateFilter[] = ["all", "active", "unsubscribed", "bounced", "complained", "unconfirmed", "inactive"];

/** How many subscribers the list holds in a state, from its counts. */
export function countFor(list: List, filter: StateFilter): number {
  switch (filter) {
    case "all":
      return list.count_all;
    case "active":
      return list.count_active;
    case "unsubscribed":
      return list.count_unsubscribed;
    case "bounced":
      return list.count_bounced;
    case "complained":
      return list.count_complained;
    case "unconfirmed":
      return list.count_unconfirmed;
    case "inactive":
      return list.count_inactive;
    default:
      return 0;
  }
}

/** The additional fields shown as columns: at most four, in field order. */
export function fieldColumns(fields: Field[]): Field[] {
  return [...fields].sort((a, b) => a.merge_id - b.merge_id).slice(0, 4);
}

export function fieldValue(member: Member, mergeId: number): string {
  const key = `merge_${mergeId}` as keyof Member;
  const value = member[key];
  return typeof value === "string" && value !== "" ? value : "—";
}

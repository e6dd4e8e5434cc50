import type { MemberState } from "../ipc/bindings/MemberState";

export const STATE_LABELS: Record<MemberState, string> = {
  active: "Active",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
  complained: "Complained",
  unconfirmed: "Unconfirmed",
  inactive: "Inactive",
  unknown: "Unknown",
};

export function StateBadge({ state }: { state: MemberState }) {
  return <span className={`badge badge-${state}`}>{STATE_LABELS[state]}</span>;
}

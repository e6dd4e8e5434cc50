import type { ListStatus } from "../ipc/bindings/ListStatus";
import type { SubscriberState } from "../ipc/bindings/SubscriberState";
import { useT, type MessageKey } from "../i18n/I18n";
import styles from "./StateBadge.module.css";

/** A group of subscribers in a state, as filters name it: "Unsubscribed", «Отписались». */
export const STATE_LABELS: Record<SubscriberState, MessageKey> = {
  active: "state.active",
  unsubscribed: "state.unsubscribed",
  bounced: "state.bounced",
  complained: "state.complained",
  unconfirmed: "state.unconfirmed",
  inactive: "state.inactive",
  unknown: "state.unknown",
};

/** One subscriber's state, as a badge names it: «Отписался». */
export const SUBSCRIBER_LABELS: Record<SubscriberState, MessageKey> = {
  active: "subscriber.active",
  unsubscribed: "subscriber.unsubscribed",
  bounced: "subscriber.bounced",
  complained: "subscriber.complained",
  unconfirmed: "subscriber.unconfirmed",
  inactive: "subscriber.inactive",
  unknown: "subscriber.unknown",
};

const LIST_STATUS_LABELS: Record<ListStatus, MessageKey> = {
  active: "listStatus.active",
  archived: "listStatus.archived",
  importing: "listStatus.importing",
  unknown: "listStatus.unknown",
};

export function StateBadge({ state }: { state: SubscriberState }) {
  const t = useT();
  return <span className={[styles.badge, styles[state]].join(" ")}>{t(SUBSCRIBER_LABELS[state])}</span>;
}

export function ListStatusBadge({ status }: { status: ListStatus }) {
  const t = useT();
  return <span className={[styles.badge, styles[status]].join(" ")}>{t(LIST_STATUS_LABELS[status])}</span>;
}

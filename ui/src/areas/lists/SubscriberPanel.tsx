import { useQuery } from "@tanstack/react-query";
import type { CardField } from "../../ipc/bindings/CardField";
import type { SubscriberCard } from "../../ipc/bindings/SubscriberCard";
import type { SubscriberRow } from "../../ipc/bindings/SubscriberRow";
import { subscriberCardQuery } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { useFormat, useT, type MessageKey } from "../../i18n/I18n";
import { ActivityList } from "../../kit/ActivityList";
import { Button } from "../../kit/Button";
import { Dialog } from "../../kit/Dialog";
import { StateBadge } from "../../kit/StateBadge";
import { ACTION_WORDS, SUBSCRIBER_ACTIONS, type SubscriberAction } from "./SubscriberActions";
import styles from "./SubscriberPanel.module.css";
import own from "./SubscriberDialog.module.css";

/** The service's neutral subscription sources; others name an integration and are shown as they are. */
const SOURCES: Record<string, MessageKey> = {
  manual: "subscribers.source.manual",
  form: "subscribers.source.form",
  api: "subscribers.source.api",
  excel: "subscribers.source.excel",
  trigger: "subscribers.source.trigger",
  survey: "subscribers.source.survey",
  landing: "subscribers.source.landing",
};

/** The record's own fields, each as a term and its value; what the record lacks is left out. */
function useFacts(card: SubscriberCard): [MessageKey, string][] {
  const t = useT();
  const format = useFormat();
  const facts: [MessageKey, string | null][] = [
    ["subscribers.card.subscribed", card.subscribedAt && format.dateTime(card.subscribedAt)],
    ["subscribers.card.unsubscribed", card.unsubscribedAt && format.dateTime(card.unsubscribedAt)],
    ["subscribers.card.edited", card.editedAt && format.dateTime(card.editedAt)],
    ["subscribers.card.source", card.source && (SOURCES[card.source] ? t(SOURCES[card.source]) : card.source)],
    ["subscribers.card.device", card.device],
    ["subscribers.card.rating", card.rating === null ? null : format.count(card.rating)],
    ["subscribers.card.gender", card.gender && t(card.gender === "female" ? "subscribers.card.female" : "subscribers.card.male")],
    ["subscribers.card.region", card.region === null ? null : String(card.region)],
  ];
  return facts.filter((fact): fact is [MessageKey, string] => Boolean(fact[1]));
}

function Card({ card }: { card: SubscriberCard }) {
  const t = useT();
  const format = useFormat();
  const facts = useFacts(card);
  // As the table shows them: a date as a date, nothing as a dash.
  const shown = (field: CardField) => {
    if (!field.value) return t("subscribers.form.none");
    return field.kind === "date" && /^\d{4}-\d{2}-\d{2}/.test(field.value) ? format.shortDate(`${field.value.slice(0, 10)}T00:00:00`) : field.value;
  };
  return (
    <>
      <div className={styles.top}>
        <StateBadge state={card.state} />
      </div>
      <dl className={styles.facts} data-testid="subscriber-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{t(term)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className={styles.heading}>{t("subscribers.card.fields")}</h3>
      <dl className={styles.facts} data-testid="subscriber-values">
        {card.fields.map((field, i) => (
          <div key={i}>
            <dt>{field.title}</dt>
            <dd>{shown(field)}</dd>
          </div>
        ))}
      </dl>
      <h3 className={styles.heading}>{t("subscribers.card.activity")}</h3>
      <div className={styles.history}>
        {card.activity.length > 0 ? (
          <ActivityList activity={card.activity} testId="subscriber-activity" />
        ) : (
          <p className={styles.muted}>{t(card.activityUnread ? "subscribers.card.activityUnread" : "subscribers.card.noActivity")}</p>
        )}
      </div>
    </>
  );
}

interface Props {
  listId: number;
  subscriber: SubscriberRow;
  onEdit: () => void;
  /** One of the subscriber's actions chosen: the panel gives way to its question. */
  onAction: (action: SubscriberAction) => void;
  onClose: () => void;
}

/** A subscriber opened from their row: every field of the record and of the list, what they did, and what can be done to them. */
export function SubscriberPanel({ listId, subscriber, onEdit, onAction, onClose }: Props) {
  const t = useT();
  const card = useQuery(subscriberCardQuery(listId, subscriber.email));
  return (
    <Dialog
      title={subscriber.email}
      onClose={onClose}
      busy={false}
      closeLabel={t("common.close")}
      error={card.error ? toDeskError(card.error) : null}
      action={{ label: t("subscribers.card.edit"), busyLabel: t("subscribers.card.edit"), run: onEdit, testId: "subscriber-edit" }}
    >
      {/* The panel keeps its height while the record and its history load, and the card scrolls inside it:
          the actions below never move under the pointer. */}
      <div className={styles.panel} data-testid="subscriber-panel">
        <div className={styles.card}>
          {card.data ? <Card card={card.data} /> : !card.error && <p className={styles.muted}>{t("common.loading")}</p>}
        </div>
        <div className={own.actions} role="group" aria-label={t("subscribers.actions")}>
          {SUBSCRIBER_ACTIONS.map((action) => (
            <Button key={action} variant="ghost" onClick={() => onAction(action)} data-testid={`subscriber-${action}`}>
              {t(ACTION_WORDS[action].button)}
            </Button>
          ))}
        </div>
      </div>
    </Dialog>
  );
}

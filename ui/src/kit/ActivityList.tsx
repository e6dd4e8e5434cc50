import type { ActivityAction } from "../ipc/bindings/ActivityAction";
import type { ActivityView } from "../ipc/bindings/ActivityView";
import { useFormat, useT, type MessageKey } from "../i18n/I18n";
import styles from "./ActivityList.module.css";

const ACTIONS: Record<ActivityAction, MessageKey> = {
  sent: "activity.sent",
  opened: "activity.opened",
  clicked: "activity.clicked",
  unsubscribed: "activity.unsubscribed",
  bounced: "activity.bounced",
  complained: "activity.complained",
  other: "activity.other",
};

/** What a subscriber did, newest first: when, what, and in which campaign. */
export function ActivityList({ activity, testId }: { activity: ActivityView[]; testId?: string }) {
  const t = useT();
  const format = useFormat();
  return (
    <ul className={styles.activity} data-testid={testId}>
      {activity.map((a, i) => (
        <li key={i}>
          <time>{format.dateTime(a.at)}</time> {t(ACTIONS[a.action])}
          {a.campaignName && <span className={styles.muted}> · {a.campaignName}</span>}
        </li>
      ))}
    </ul>
  );
}

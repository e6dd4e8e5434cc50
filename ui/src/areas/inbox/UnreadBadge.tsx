import { useFormat, useT } from "../../i18n/I18n";
import styles from "../../app/Sidebar.module.css";
import { useReplyAnnouncements } from "./announce";
import { useUnreadCounts } from "./queries";

/** Unread replies in open dialogs, beside the inbox in the sidebar; new ones announced (see `useReplyAnnouncements`). */
export function UnreadBadge() {
  const t = useT();
  const format = useFormat();
  const counts = useUnreadCounts();
  useReplyAnnouncements();
  const open = counts.data?.open ?? 0;
  if (open === 0) return null;
  return (
    <span className={styles.badge} aria-label={t("inbox.unreadCount", { count: open })} data-testid="inbox-badge">
      {format.count(open)}
    </span>
  );
}

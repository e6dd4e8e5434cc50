import { Link } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { toDeskError } from "../../ipc/errors";
import { useFormat, useT } from "../../i18n/I18n";
import { ActivityList } from "../../kit/ActivityList";
import { ConfirmDialog } from "../../kit/ActionDialog";
import { Button } from "../../kit/Button";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { useToast } from "../../kit/Toast";
import { StateBadge } from "../../kit/StateBadge";
import styles from "./Inbox.module.css";
import { replierActivityQuery, useUnsubscribeReplier } from "../../ipc/commands";
import { useReplier } from "./queries";

interface ReplierPanelProps {
  dialogId: number;
  /** Opened from the keyboard (Shift+U) as well as with the button. */
  asking: boolean;
  onAsk: (asking: boolean) => void;
  /** The reply asks to be unsubscribed: the action stands out. */
  requested: boolean;
}

/** Who wrote: their state in the list, the campaign they answer, what they did lately when asked; one step from unsubscribing them. */
export function ReplierPanel({ dialogId, asking, onAsk, requested }: ReplierPanelProps) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const info = useReplier(dialogId);
  const unsubscribe = useUnsubscribeReplier();
  if (info.error) return <ErrorNotice error={toDeskError(info.error)} />;
  if (!info.data) return null;
  const { state, subscribedAt, campaign, email } = info.data;
  return (
    <aside className={styles.replier} aria-label={t("inbox.replier.label")} data-testid="replier">
      <div className={styles.replierTop}>
        {state ? <StateBadge state={state} /> : <span className={styles.muted}>{t("inbox.replier.noRecord")}</span>}
        {subscribedAt && <span className={styles.muted}>{t("inbox.replier.since", { date: format.date(subscribedAt) })}</span>}
        {campaign && (
          <span className={styles.muted}>
            {t("inbox.replier.campaign", { name: campaign.name ?? campaign.subject ?? `#${campaign.id}`, sent: format.count(campaign.sent) })}
          </span>
        )}
        <span className={styles.replierActions}>
          {campaign && campaign.sent > 0 && (
            <Link
              className={styles.reportLink}
              to="/w/reports/$campaignId"
              params={{ campaignId: String(campaign.id) }}
              data-testid="replier-report"
            >
              {t("inbox.replier.report")}
            </Link>
          )}
          {state && (
            <Button variant="ghost" onClick={() => setOpen(!open)} aria-expanded={open} data-testid="replier-activity">
              {open ? t("inbox.replier.hideActivity") : t("inbox.replier.showActivity")}
            </Button>
          )}
          {state === "active" && (
            <Button variant={requested ? "danger" : "secondary"} onClick={() => onAsk(true)} data-testid="replier-unsubscribe">
              {t("inbox.replier.unsubscribe")}
            </Button>
          )}
        </span>
      </div>
      {open && <RecentActivity dialogId={dialogId} />}
      {asking && state === "active" && (
        <ConfirmDialog
          title={t("inbox.replier.confirmTitle", { email })}
          confirmLabel={t("inbox.replier.confirm")}
          onClose={() => onAsk(false)}
          onConfirm={async () => {
            await unsubscribe.mutateAsync({ dialogId });
            onAsk(false);
            toast(t("inbox.replier.done", { email }));
          }}
        >
          {t("inbox.replier.confirmBody", { lists: campaign?.listIds.length ?? 1 })}
        </ConfirmDialog>
      )}
    </aside>
  );
}

/** What the replier did lately, read when the user opens it. */
function RecentActivity({ dialogId }: { dialogId: number }) {
  const t = useT();
  const activity = useQuery({ ...replierActivityQuery(dialogId), staleTime: 60_000 });
  if (activity.error) return <ErrorNotice error={toDeskError(activity.error)} />;
  if (!activity.data) return <p className={styles.muted} role="status">{t("inbox.replier.activityLoading")}</p>;
  if (activity.data.length === 0) return <p className={styles.muted}>{t("inbox.replier.noActivity")}</p>;
  return <ActivityList activity={activity.data} testId="replier-activity-list" />;
}

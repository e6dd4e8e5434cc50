import { Link, useParams } from "@tanstack/react-router";
import { useState } from "react";
import type { Counts } from "../../ipc/bindings/Counts";
import type { Rates } from "../../ipc/bindings/Rates";
import { toDeskError } from "../../ipc/errors";
import { useFormat, useT, type MessageKey } from "../../i18n/I18n";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { useTheme } from "../../kit/useTheme";
import styles from "./Reports.module.css";
import { ChartPanel } from "./ChartPanel";
import { DashboardBelow } from "./DashboardBelow";
import { useChartWords } from "./chartWords";
import { useDashboard, useOpenDetails } from "./queries";

/** Each card: its count, its rate (and what the rate is a share of, said on hover). */
const CARDS: { count: keyof Counts; rate?: keyof Rates; label: MessageKey; definition?: MessageKey }[] = [
  { count: "sent", label: "reports.card.sent" },
  { count: "delivered", rate: "delivered", label: "reports.card.delivered", definition: "reports.rate.delivered" },
  { count: "opened", rate: "opened", label: "reports.card.opened", definition: "reports.rate.opened" },
  { count: "clicked", rate: "clicked", label: "reports.card.clicked", definition: "reports.rate.clicked" },
  { count: "clicked", rate: "clickToOpen", label: "reports.card.clickToOpen", definition: "reports.rate.clickToOpen" },
  { count: "bounced", rate: "bounced", label: "reports.card.bounced", definition: "reports.rate.bounced" },
  { count: "unsubscribed", rate: "unsubscribed", label: "reports.card.unsubscribed", definition: "reports.rate.unsubscribed" },
  { count: "complained", rate: "complained", label: "reports.card.complained", definition: "reports.rate.complained" },
];

const MACHINES_KEY = "reports.countMachineOpens";

/** Whether opens by machines count as opens: off unless the reader turned it on, remembered on this computer. */
function useMachinesCounted(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => localStorage.getItem(MACHINES_KEY) === "1");
  const set = (value: boolean) => {
    localStorage.setItem(MACHINES_KEY, value ? "1" : "0");
    setOn(value);
  };
  return [on, set];
}

/** How long after sending the statistics may still be catching up. */
const SETTLING_MS = 10 * 60_000;

/** One campaign: cards with counts and rates, the funnel, activity over time, clicks per link. */
export function DashboardPage() {
  const t = useT();
  const format = useFormat();
  const theme = useTheme();
  const { campaignId } = useParams({ strict: false }) as { campaignId: string };
  const words = useChartWords();
  const dashboard = useDashboard(Number(campaignId), theme, words);
  const details = useOpenDetails(Number(campaignId), theme, words, dashboard.data?.counts.opened);
  const [withMachines, setWithMachines] = useMachinesCounted();
  const percent = format.percent;

  if (dashboard.error) return <section className={styles.area}><ErrorNotice error={toDeskError(dashboard.error)} /></section>;
  if (!dashboard.data) return <section className={styles.area}><p className={styles.muted}>{t("common.loading")}</p></section>;
  const { campaign, activity } = dashboard.data;
  // Opens by machines are left out unless the reader counts them.
  const { counts, rates, funnel } = details.data && !withMachines ? details.data : dashboard.data;
  const openers = details.data?.openers;
  const settling = campaign.sending || (campaign.sentAt && Date.now() - new Date(campaign.sentAt).getTime() < SETTLING_MS);

  return (
    <section className={styles.area} data-testid="dashboard" data-campaign-id={campaign.id}>
      <header>
        <Link to="/w/reports" className={styles.back}>
          ← {t("reports.title")}
        </Link>
        <h1>{campaign.name}</h1>
        <p className={styles.subtitle}>
          {[campaign.subject, campaign.sentAt && t("reports.sentAt", { at: format.dateTime(campaign.sentAt) })].filter(Boolean).join(" · ")}
        </p>
        <Link to="/w/reports/$campaignId/rows" params={{ campaignId: String(campaign.id) }} className={styles.rowsLink} data-testid="open-rows">
          {t("reports.rows.open")}
        </Link>
      </header>
      {settling && <p className={styles.note}>{t("reports.settling")}</p>}
      <p className={styles.machines} data-testid="machine-opens">
        {openers ? (
          <>
            <span title={t("reports.machines.definition")}>
              {t("reports.machines.found", { count: openers.byMachinesOnly, countText: format.count(openers.byMachinesOnly) })}
            </span>
            <label>
              <input type="checkbox" checked={withMachines} onChange={(e) => setWithMachines(e.target.checked)} data-testid="count-machines" />
              {t("reports.machines.count")}
            </label>
          </>
        ) : details.error ? (
          <span>{t("reports.machines.failed")}</span>
        ) : details.read > 0 ? (
          <span data-testid="opens-read">{t("reports.machines.countingRead", { count: details.read, countText: format.count(details.read) })}</span>
        ) : (
          <span>{t("reports.machines.counting")}</span>
        )}
      </p>
      <div className={styles.cards} data-testid="report-cards">
        {CARDS.map((card) => (
          <Link
            key={card.label}
            to="/w/reports/$campaignId/rows"
            params={{ campaignId: String(campaign.id) }}
            search={{ tab: card.count }}
            className={styles.card}
            title={[card.definition && t(card.definition), t("reports.card.drill")].filter(Boolean).join(". ")}
            data-testid="report-card"
          >
            <span className={styles.cardLabel}>{t(card.label)}</span>
            <strong className={styles.cardValue}>{card.rate ? percent(rates[card.rate]) : format.count(counts[card.count])}</strong>
            {card.rate && <span className={styles.muted}>{format.count(counts[card.count])}</span>}
          </Link>
        ))}
      </div>
      <ChartPanel title="reports.funnel" chart={funnel} of={campaign.name} testId="chart-funnel" />
      <ChartPanel
        title="reports.activity"
        chart={activity}
        of={campaign.name}
        testId="chart-activity"
        gap={dashboard.data.activityGap}
      />
      {dashboard.data.droppedTimes > 0 && (
        <p className={styles.note} data-testid="dropped-times">
          {t("reports.droppedTimes", { count: dashboard.data.droppedTimes, countText: format.count(dashboard.data.droppedTimes) })}
        </p>
      )}
      <DashboardBelow key={campaign.id} campaign={campaign} details={details.data} detailsFailed={!!details.error} />
    </section>
  );
}

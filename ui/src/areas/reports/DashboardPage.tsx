import { Link, useParams } from "@tanstack/react-router";
import { useMemo, useState, type ReactNode } from "react";
import type { ChartView } from "../../ipc/bindings/ChartView";
import type { ChartWords } from "../../ipc/bindings/ChartWords";
import type { Counts } from "../../ipc/bindings/Counts";
import type { Rates } from "../../ipc/bindings/Rates";
import { toDeskError } from "../../ipc/errors";
import { useFormat, useT, type MessageKey } from "../../i18n/I18n";
import { Chart } from "../../kit/Chart";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { useTheme } from "../../kit/useTheme";
import styles from "./Reports.module.css";
import { Button } from "../../kit/Button";
import { ChartExport, TableExportMenu } from "./Export";
import { LinkClickers } from "./LinkClickers";
import { useDashboard } from "./queries";

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

interface ChartPanelProps {
  title: MessageKey;
  chart: ChartView;
  /** The campaign's name, for the exported file's name. */
  campaign: string;
  testId: string;
  /** Said instead of the chart when it has nothing to show; without it, the empty chart is drawn. */
  empty?: MessageKey;
  /** Shown above the chart (a legend). */
  before?: ReactNode;
  /** Shown below the chart (its table). */
  children?: ReactNode;
}

/** A chart with its heading and export; what it says when there is nothing to draw. */
function ChartPanel({ title, chart, campaign, testId, empty, before, children }: ChartPanelProps) {
  const t = useT();
  const nothing = chart.marks.length === 0;
  return (
    <div className={styles.panel}>
      <header className={styles.panelHead}>
        <h2>{t(title)}</h2>
        {!nothing && <ChartExport chart={chart} name={`${campaign} — ${t(title)}`} />}
      </header>
      {before}
      {nothing && empty ? (
        <p className={styles.muted}>{t(empty)}</p>
      ) : (
        <>
          <Chart chart={chart} title={t(title)} testId={testId} />
          {children}
        </>
      )}
    </div>
  );
}

/** How long after sending the statistics may still be catching up. */
const SETTLING_MS = 10 * 60_000;

/** One campaign: cards with counts and rates, the funnel, activity over time, clicks per link. */
export function DashboardPage() {
  const t = useT();
  const format = useFormat();
  const theme = useTheme();
  const { campaignId } = useParams({ strict: false }) as { campaignId: string };
  const words: ChartWords = useMemo(
    () => ({
      sent: t("reports.card.sent"),
      delivered: t("reports.card.delivered"),
      opened: t("reports.card.opened"),
      clicked: t("reports.card.clicked"),
      opens: t("reports.series.opens"),
      clicks: t("reports.series.clicks"),
    }),
    [t],
  );
  const dashboard = useDashboard(Number(campaignId), theme, words);
  const [drill, setDrill] = useState<string | null>(null);
  const percent = format.percent;

  if (dashboard.error) return <section className={styles.area}><ErrorNotice error={toDeskError(dashboard.error)} /></section>;
  if (!dashboard.data) return <section className={styles.area}><p className={styles.muted}>{t("common.loading")}</p></section>;
  const { campaign, counts, rates, funnel, activity, links, linkRows, bounces, clients, places, domains } = dashboard.data;
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
      </header>
      {settling && <p className={styles.note}>{t("reports.settling")}</p>}
      <div className={styles.cards} data-testid="report-cards">
        {CARDS.map((card) => (
          <div key={card.label} className={styles.card} title={card.definition && t(card.definition)} data-testid="report-card">
            <span className={styles.cardLabel}>{t(card.label)}</span>
            <strong className={styles.cardValue}>{card.rate ? percent(rates[card.rate]) : format.count(counts[card.count])}</strong>
            {card.rate && <span className={styles.muted}>{format.count(counts[card.count])}</span>}
          </div>
        ))}
      </div>
      <ChartPanel title="reports.funnel" chart={funnel} campaign={campaign.name} testId="chart-funnel" />
      <ChartPanel
        title="reports.activity"
        chart={activity}
        campaign={campaign.name}
        testId="chart-activity"
        before={
          <p className={styles.legend}>
            <span className={styles.swatchOpens} /> {words.opens} <span className={styles.swatchClicks} /> {words.clicks}
          </p>
        }
      />
      <ChartPanel title="reports.links" chart={links} campaign={campaign.name} testId="chart-links" empty="reports.noClicks">
        <div className={styles.tableTools}>
          <TableExportMenu
            name={`${campaign.name} — ${t("reports.links")}`}
            table={{ header: [t("reports.column.link"), t("reports.column.clicks")], rows: linkRows.map((r) => [r.url, String(r.clicks)]) }}
          />
        </div>
        <table className={styles.table} data-testid="link-table">
          <thead>
            <tr>
              <th>{t("reports.column.link")}</th>
              <th className={styles.num}>{t("reports.column.clicks")}</th>
            </tr>
          </thead>
          <tbody>
            {linkRows.map((row) => (
              <tr key={row.url} data-testid="link-row">
                <td className={styles.url}>
                  <Button variant="link" onClick={() => setDrill(row.url)} data-testid="drill-link">
                    {row.url}
                  </Button>
                </td>
                <td className={styles.num}>{format.count(row.clicks)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ChartPanel>
      <div className={styles.pair}>
        <ChartPanel title="reports.clients" chart={clients} campaign={campaign.name} testId="chart-clients" empty="reports.noOpens" />
        <ChartPanel title="reports.places" chart={places} campaign={campaign.name} testId="chart-places" empty="reports.noOpens" />
      </div>
      <ChartPanel title="reports.bounces" chart={bounces} campaign={campaign.name} testId="chart-bounces" empty="reports.noBounces" />
      {drill && <LinkClickers campaignId={campaign.id} url={drill} onClose={() => setDrill(null)} />}
      {domains.length > 0 && (
        <div className={styles.panel}>
          <header className={styles.panelHead}>
            <h2>{t("reports.domains")}</h2>
            <TableExportMenu
              name={`${campaign.name} — ${t("reports.domains")}`}
              table={{
                header: [t("reports.column.domain"), t("reports.card.sent"), t("reports.card.delivered"), t("reports.card.opened")],
                rows: domains.map((d) => [d.domain, String(d.sent), percent(d.deliveryRate), percent(d.openRate)]),
              }}
            />
          </header>
          <table className={styles.table} data-testid="domain-table">
            <thead>
              <tr>
                <th>{t("reports.column.domain")}</th>
                <th className={styles.num}>{t("reports.card.sent")}</th>
                <th className={styles.num}>{t("reports.card.delivered")}</th>
                <th className={styles.num}>{t("reports.card.opened")}</th>
              </tr>
            </thead>
            <tbody>
              {domains.map((d) => (
                <tr key={d.domain}>
                  <td>{d.domain}</td>
                  <td className={styles.num}>{format.count(d.sent)}</td>
                  <td className={styles.num}>{percent(d.deliveryRate)}</td>
                  <td className={styles.num}>{percent(d.openRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

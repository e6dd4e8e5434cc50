import { useState } from "react";
import type { OpenDetails } from "../../ipc/bindings/OpenDetails";
import type { ReportCampaign } from "../../ipc/bindings/ReportCampaign";
import { useFormat, useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { moveAmongRows } from "../../kit/rowKeys";
import { useInView } from "../../kit/useInView";
import { useTheme } from "../../kit/useTheme";
import { toDeskError } from "../../ipc/errors";
import { ChartPanel } from "./ChartPanel";
import { TableExportMenu } from "./Export";
import { LinkClickers } from "./LinkClickers";
import { useBreakdown } from "./queries";
import styles from "./Reports.module.css";

interface DashboardBelowProps {
  campaign: ReportCampaign;
  /** The opens read one by one, once counted. */
  details: OpenDetails | undefined;
  detailsFailed: boolean;
}

/**
 * A dashboard below its first screen: clicks per link (and who clicked),
 * opens per client and place, devices, bounces, domains. The breakdowns are
 * read as they come into view, so a dashboard glanced at costs none of them.
 */
export function DashboardBelow({ campaign, details, detailsFailed }: DashboardBelowProps) {
  const t = useT();
  const format = useFormat();
  const percent = format.percent;
  const [ref, inView] = useInView<HTMLDivElement>();
  const breakdown = useBreakdown(campaign.id, useTheme(), inView, campaign.sending);
  const [drill, setDrill] = useState<string | null>(null);
  const devices = (
    <>
      {details ? (
        <div className={styles.pair}>
          <ChartPanel title="reports.devices" chart={details.devices} of={campaign.name} testId="chart-devices" empty="reports.noOpens" />
          <ChartPanel title="reports.modes" chart={details.modes} of={campaign.name} testId="chart-modes" empty="reports.noOpens" />
          <ChartPanel title="reports.browsers" chart={details.browsers} of={campaign.name} testId="chart-browsers" empty="reports.noOpens" />
        </div>
      ) : (
        !detailsFailed && <p className={styles.muted}>{t("reports.devicesCounting")}</p>
      )}
    </>
  );
  if (!breakdown.data) {
    return (
      <>
        <div ref={ref} className={styles.panel} data-testid="breakdown-loading">
          {breakdown.error ? <ErrorNotice error={toDeskError(breakdown.error)} /> : <p className={styles.muted}>{t("common.loading")}</p>}
        </div>
        {devices}
      </>
    );
  }
  const { links, linkRows, bounces, clients, places, domains } = breakdown.data;
  return (
    <>
      <ChartPanel title="reports.links" chart={links} of={campaign.name} testId="chart-links" empty="reports.noClicks">
        <div className={styles.tableTools} data-testid="link-table-tools">
          <TableExportMenu
            name={`${campaign.name} — ${t("reports.links")}`}
            table={{
              header: [t("reports.column.link"), t("reports.column.clicks")],
              rows: linkRows.map((r) => [r.url, String(r.clicks)]),
              numericColumns: [1],
            }}
          />
        </div>
        <table className={styles.table} data-testid="link-table">
          <thead>
            <tr>
              <th>{t("reports.column.link")}</th>
              <th className={styles.num}>{t("reports.column.clicks")}</th>
            </tr>
          </thead>
          <tbody onKeyDown={moveAmongRows}>
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
        <ChartPanel title="reports.clients" chart={clients} of={campaign.name} testId="chart-clients" empty="reports.noOpens" />
        <ChartPanel title="reports.places" chart={places} of={campaign.name} testId="chart-places" empty="reports.noOpens" />
      </div>
      {devices}
      <ChartPanel title="reports.bounces" chart={bounces} of={campaign.name} testId="chart-bounces" empty="reports.noBounces" />
      {details && (
        <ChartPanel
          title="reports.bounceCategories"
          chart={details.bounceCategories}
          of={campaign.name}
          testId="chart-bounce-categories"
          empty="reports.noBounces"
        />
      )}
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
                numericColumns: [1],
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
    </>
  );
}

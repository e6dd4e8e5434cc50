import { useState } from "react";
import type { OpenDetails } from "../../ipc/bindings/OpenDetails";
import type { ReportCampaign } from "../../ipc/bindings/ReportCampaign";
import { useFormat, useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { useInView } from "../../kit/useInView";
import { useTheme } from "../../kit/useTheme";
import { toDeskError } from "../../ipc/errors";
import { ChartPanel } from "./ChartPanel";
import { TableExportMenu } from "./Export";
import { RowsExportMenu } from "./RowsExportMenu";
import { FigureTable, figuresExport, type FigureColumn } from "./FigureTable";
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
  const linkColumns: FigureColumn<(typeof linkRows)[number]>[] = [
    {
      title: t("reports.column.link"),
      text: (r) => r.url,
      className: styles.url,
      cell: (r) => (
        <Button variant="link" onClick={() => setDrill(r.url)} data-testid="drill-link">
          {r.url}
        </Button>
      ),
    },
    { title: t("reports.column.clicks"), text: (r) => String(r.clicks), cell: (r) => format.count(r.clicks), figure: true, count: true },
  ];
  const domainColumns: FigureColumn<(typeof domains)[number]>[] = [
    { title: t("reports.column.domain"), text: (d) => d.domain },
    { title: t("reports.card.sent"), text: (d) => String(d.sent), cell: (d) => format.count(d.sent), figure: true, count: true },
    { title: t("reports.card.delivered"), text: (d) => percent(d.deliveryRate), figure: true },
    { title: t("reports.card.opened"), text: (d) => percent(d.openRate), figure: true },
  ];
  return (
    <>
      <ChartPanel title="reports.links" chart={links} of={campaign.name} testId="chart-links" empty="reports.noClicks">
        <div className={styles.tableTools} data-testid="link-table-tools">
          <TableExportMenu name={`${campaign.name} — ${t("reports.links")}`} table={figuresExport(linkColumns, linkRows)} />
        </div>
        <FigureTable columns={linkColumns} rows={linkRows} rowKey={(r) => r.url} testId="link-table" rowTestId="link-row" />
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
            <TableExportMenu name={`${campaign.name} — ${t("reports.domains")}`} table={figuresExport(domainColumns, domains)} />
          </header>
          <FigureTable columns={domainColumns} rows={domains} rowKey={(d) => d.domain} testId="domain-table" />
        </div>
      )}
      <div className={styles.panel} data-testid="confirmation-codes">
        <header className={styles.panelHead}>
          <h2>{t("reports.codes")}</h2>
          <RowsExportMenu campaignId={campaign.id} what="confirmationCodes" header={[]} name={`${campaign.name} — ${t("reports.codes")}`} />
        </header>
        <p className={styles.muted}>{t("reports.codesLead")}</p>
      </div>
    </>
  );
}

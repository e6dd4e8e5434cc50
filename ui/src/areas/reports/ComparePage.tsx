import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import type { Rates } from "../../ipc/bindings/Rates";
import { toDeskError } from "../../ipc/errors";
import { useFormat, useT, type MessageKey } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { moveAmongRows } from "../../kit/rowKeys";
import { useTheme } from "../../kit/useTheme";
import { ChartPanel } from "./ChartPanel";
import { useChartWords } from "./chartWords";
import type { CompareSearch } from "./compareSearch";
import { TableExportMenu } from "./Export";
import { useComparison } from "./queries";
import styles from "./Reports.module.css";

/** The rates compared, in the order of the bars. */
const RATES: { rate: keyof Rates; label: MessageKey }[] = [
  { rate: "delivered", label: "reports.rateName.delivery" },
  { rate: "opened", label: "reports.rateName.open" },
  { rate: "clicked", label: "reports.rateName.click" },
  { rate: "clickToOpen", label: "reports.card.clickToOpen" },
  { rate: "unsubscribed", label: "reports.rateName.unsubscribe" },
];

/** Two to five campaigns side by side: their rates as a table and bars, and their open curves. */
export function ComparePage() {
  const t = useT();
  const format = useFormat();
  const navigate = useNavigate();
  const { ids } = useSearch({ strict: false }) as CompareSearch;
  const comparison = useComparison(ids, useTheme(), useChartWords());
  const title = t("reports.compare.title");
  return (
    <section className={styles.area} data-testid="comparison">
      <header>
        <Link to="/w/reports" className={styles.back}>
          ← {t("reports.title")}
        </Link>
        <h1>{title}</h1>
      </header>
      {comparison.error && <ErrorNotice error={toDeskError(comparison.error)} />}
      {comparison.isPending && <p className={styles.muted}>{t("common.loading")}</p>}
      {comparison.data && (
        <>
          <ChartPanel title="reports.compare.rates" chart={comparison.data.rates} of={title} testId="chart-compare-rates">
            <div className={styles.tableTools}>
              <TableExportMenu
                name={title}
                table={{
                  header: [t("reports.column.campaign"), t("reports.card.sent"), ...RATES.map((r) => t(r.label))],
                  rows: comparison.data.campaigns.map((c) => [
                    c.campaign.name,
                    String(c.counts.sent),
                    ...RATES.map((r) => format.percent(c.rates[r.rate])),
                  ]),
                  numericColumns: [1],
                }}
              />
            </div>
            <table className={styles.table} data-testid="compare-table">
              <thead>
                <tr>
                  <th>{t("reports.column.campaign")}</th>
                  <th className={styles.num}>{t("reports.card.sent")}</th>
                  {RATES.map((r) => (
                    <th key={r.rate} className={styles.num}>
                      {t(r.label)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody onKeyDown={moveAmongRows}>
                {comparison.data.campaigns.map(({ campaign, counts, rates }) => (
                  <tr key={campaign.id} data-testid="compared-campaign">
                    <td>
                      <Button
                        variant="link"
                        onClick={() => void navigate({ to: "/w/reports/$campaignId", params: { campaignId: String(campaign.id) } })}
                      >
                        {campaign.name}
                      </Button>
                      {campaign.sentAt && <div className={styles.muted}>{format.dateTime(campaign.sentAt)}</div>}
                    </td>
                    <td className={styles.num}>{format.count(counts.sent)}</td>
                    {RATES.map((r) => (
                      <td key={r.rate} className={styles.num}>
                        {format.percent(rates[r.rate])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ChartPanel>
          <ChartPanel
            title="reports.compare.opens"
            chart={comparison.data.opens}
            of={title}
            testId="chart-compare-opens"
            gap={comparison.data.opensGap}
            before={<p className={styles.muted}>{t("reports.compare.opensNote")}</p>}
          />
        </>
      )}
    </section>
  );
}

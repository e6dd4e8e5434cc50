import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import type { ComparedCampaign } from "../../ipc/bindings/ComparedCampaign";
import type { Rates } from "../../ipc/bindings/Rates";
import { toDeskError } from "../../ipc/errors";
import { useFormat, useT, type MessageKey } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { useTheme } from "../../kit/useTheme";
import { ChartPanel } from "./ChartPanel";
import { useChartWords } from "./chartWords";
import type { CompareSearch } from "./compareSearch";
import { TableExportMenu } from "./Export";
import { FigureTable, figuresExport, type FigureColumn } from "./FigureTable";
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
  const columns: FigureColumn<ComparedCampaign>[] = [
    {
      title: t("reports.column.campaign"),
      text: (c) => c.campaign.name,
      cell: ({ campaign }) => (
        <>
          <Button variant="link" onClick={() => void navigate({ to: "/w/reports/$campaignId", params: { campaignId: String(campaign.id) } })}>
            {campaign.name}
          </Button>
          {campaign.sentAt && <div className={styles.muted}>{format.dateTime(campaign.sentAt)}</div>}
        </>
      ),
    },
    { title: t("reports.card.sent"), text: (c) => String(c.counts.sent), cell: (c) => format.count(c.counts.sent), figure: true, count: true },
    ...RATES.map((r): FigureColumn<ComparedCampaign> => ({ title: t(r.label), text: (c) => format.percent(c.rates[r.rate]), figure: true })),
  ];
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
              <TableExportMenu name={title} table={figuresExport(columns, comparison.data.campaigns)} />
            </div>
            <FigureTable
              columns={columns}
              rows={comparison.data.campaigns}
              rowKey={(c) => c.campaign.id}
              testId="compare-table"
              rowTestId="compared-campaign"
            />
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

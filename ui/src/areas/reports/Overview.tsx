import { toDeskError } from "../../ipc/errors";
import { useFormat, useT } from "../../i18n/I18n";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { useTheme } from "../../kit/useTheme";
import { ChartPanel } from "./ChartPanel";
import { useChartWords } from "./chartWords";
import { useOverview } from "./queries";
import styles from "./Reports.module.css";

/** The account at a glance: what is going out now, recent rates, and when readers open. */
export function Overview() {
  const t = useT();
  const format = useFormat();
  const words = useChartWords();
  const overview = useOverview(useTheme(), words);
  if (overview.error) return <ErrorNotice error={toDeskError(overview.error)} />;
  if (!overview.data) return <p className={styles.muted}>{t("common.loading")}</p>;
  const { sending, trend, trendCampaigns, trendOf, bestTime, bestTimeOpens, bestTimeCampaigns, bestTimeOf, bestTimeGap, coming } =
    overview.data;
  const of = t("reports.title");
  // Said while the rest of a chart's campaigns are being read.
  const soFar = (chart: string, shown: number, total: number) =>
    coming && shown < total ? (
      <p className={styles.muted} data-testid="overview-coming" data-chart={chart}>
        {t("reports.overview.coming", { shown, of: total })}
      </p>
    ) : null;
  return (
    <>
      {sending.length > 0 && (
        <div className={styles.panel} data-testid="sending-now">
          <h2>{t("reports.overview.sending")}</h2>
          {sending.map(({ campaign, sent, of: total }) => (
            <div key={campaign.id} className={styles.progressRow}>
              <span>{campaign.name}</span>
              <progress max={total ?? undefined} value={total ? Math.min(sent, total) : undefined} />
              <span className={styles.muted}>
                {total
                  ? t("reports.overview.progress", { sent: format.count(sent), of: format.count(total) })
                  : t("reports.overview.progressUnknown", { sent: format.count(sent) })}
              </span>
            </div>
          ))}
        </div>
      )}
      {bestTimeOpens === 0 && !bestTimeGap && !coming ? (
        <p className={styles.empty}>{t("reports.overview.nothing")}</p>
      ) : (
        <div className={styles.pair}>
          <ChartPanel title="reports.overview.trend" chart={trend} of={of} testId="chart-trend" before={soFar("trend", trendCampaigns, trendOf)} />
          <ChartPanel
            title="reports.overview.bestTime"
            chart={bestTime}
            of={of}
            testId="chart-best-time"
            gap={bestTimeGap}
            before={
              <>
                <p className={styles.muted} data-testid="best-time-note">
                  {t("reports.overview.bestTimeNote", { opens: format.count(bestTimeOpens), campaigns: bestTimeCampaigns })}
                </p>
                {soFar("best-time", bestTimeCampaigns, bestTimeOf)}
              </>
            }
          />
        </div>
      )}
    </>
  );
}

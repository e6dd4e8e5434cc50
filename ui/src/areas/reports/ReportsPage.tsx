import { useNavigate } from "@tanstack/react-router";
import { toDeskError } from "../../ipc/errors";
import { useFormat, useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { ErrorNotice } from "../../kit/ErrorNotice";
import styles from "./Reports.module.css";
import { useReportCampaigns } from "./queries";

/** The campaigns that went out; each opens its dashboard. */
export function ReportsPage() {
  const t = useT();
  const format = useFormat();
  const navigate = useNavigate();
  const campaigns = useReportCampaigns();
  return (
    <section className={styles.area}>
      <header>
        <h1>{t("reports.title")}</h1>
        <p className={styles.subtitle}>{t("reports.subtitle")}</p>
      </header>
      {campaigns.error && <ErrorNotice error={toDeskError(campaigns.error)} />}
      {campaigns.isPending && <p className={styles.muted}>{t("common.loading")}</p>}
      {campaigns.data?.length === 0 && <p className={styles.empty}>{t("reports.none")}</p>}
      {campaigns.data && campaigns.data.length > 0 && (
        <div className={styles.wrap}>
          <table className={styles.table} data-testid="report-campaigns">
            <thead>
              <tr>
                <th>{t("reports.column.campaign")}</th>
                <th>{t("reports.column.sentAt")}</th>
                <th className={styles.num}>{t("reports.column.sent")}</th>
              </tr>
            </thead>
            <tbody>
              {campaigns.data.map((c) => (
                <tr key={c.id} data-testid="report-campaign" data-campaign-id={c.id}>
                  <td>
                    <Button
                      variant="link"
                      onClick={() => void navigate({ to: "/w/reports/$campaignId", params: { campaignId: String(c.id) } })}
                      data-testid="open-report"
                    >
                      {c.name}
                    </Button>
                    {c.sending && <span className={styles.sending}>{t("reports.sending")}</span>}
                    {c.subject && c.subject !== c.name && <div className={styles.muted}>{c.subject}</div>}
                  </td>
                  <td className={styles.nowrap}>{format.dateTime(c.sentAt)}</td>
                  <td className={styles.num}>{format.count(c.sent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { toDeskError } from "../../ipc/errors";
import { useFormat, useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { moveAmongRows } from "../../kit/rowKeys";
import { Overview } from "./Overview";
import page from "../../kit/Page.module.css";
import styles from "./Reports.module.css";
import { useReportCampaigns } from "./queries";

/** Campaigns compared at once (as `desk::reports::COMPARED`). */
const COMPARE_MIN = 2;
const COMPARE_MAX = 5;

/** The Reports area's first screen: the account at a glance, then the campaigns that went out. */
export function ReportsPage() {
  const t = useT();
  const format = useFormat();
  const navigate = useNavigate();
  const campaigns = useReportCampaigns();
  const [picked, setPicked] = useState<number[]>([]);
  const toggle = (id: number, on: boolean) => setPicked((now) => (on ? [...now, id] : now.filter((p) => p !== id)));
  const canCompare = picked.length >= COMPARE_MIN && picked.length <= COMPARE_MAX;
  return (
    <section className={styles.area}>
      <header>
        <h1>{t("reports.title")}</h1>
        <p className={styles.subtitle}>{t("reports.subtitle")}</p>
      </header>
      {campaigns.data && campaigns.data.length > 0 && <Overview />}
      {campaigns.error && <ErrorNotice error={toDeskError(campaigns.error)} />}
      {campaigns.isPending && <p className={styles.muted}>{t("common.loading")}</p>}
      {campaigns.data?.length === 0 && <p className={styles.empty}>{t("reports.none")}</p>}
      {campaigns.data && campaigns.data.length > 0 && (
        <div className={styles.wrap}>
          <div className={styles.tableHead}>
            <h2>{t("reports.campaigns")}</h2>
            <span className={styles.muted}>{t("reports.compare.hint")}</span>
            <Button
              disabled={!canCompare}
              onClick={() => void navigate({ to: "/w/reports/compare", search: { ids: picked } })}
              data-testid="compare"
            >
              {t("reports.compare.action", { count: picked.length })}
            </Button>
          </div>
          <table className={styles.table} data-testid="report-campaigns">
            <thead>
              <tr>
                <th className={styles.pick}>
                  <span className={page.unseen}>{t("reports.compare.column")}</span>
                </th>
                <th>{t("reports.column.campaign")}</th>
                <th>{t("reports.column.sentAt")}</th>
                <th className={styles.num}>{t("reports.column.sent")}</th>
              </tr>
            </thead>
            <tbody onKeyDown={moveAmongRows}>
              {campaigns.data.map((c) => {
                const on = picked.includes(c.id);
                return (
                  <tr key={c.id} data-testid="report-campaign" data-campaign-id={c.id}>
                    <td className={styles.pick}>
                      <input
                        type="checkbox"
                        checked={on}
                        disabled={!on && picked.length >= COMPARE_MAX}
                        onChange={(e) => toggle(c.id, e.target.checked)}
                        aria-label={t("reports.compare.pick")}
                        data-testid="pick-campaign"
                      />
                    </td>
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
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

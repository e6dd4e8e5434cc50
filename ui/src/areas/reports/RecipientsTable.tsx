import { commandKey } from "../../ipc/cache";
import { useNavigate } from "@tanstack/react-router";
import { createColumnHelper } from "@tanstack/react-table";
import { useCallback, useMemo } from "react";
import type { RecipientReport } from "../../ipc/bindings/RecipientReport";
import type { RecipientRow } from "../../ipc/bindings/RecipientRow";
import type { ReportSort } from "../../ipc/bindings/ReportSort";
import { reportRecipients } from "../../ipc/commands";
import { useFormat, useT } from "../../i18n/I18n";
import { DataTable, type ColumnLayout, type Sort } from "../../kit/DataTable";
import styles from "./Reports.module.css";

const column = createColumnHelper<RecipientRow>();
const meta = (m: ColumnLayout<ReportSort>) => m;

/** Which time a report's rows are ordered by: when what it counts happened. */
const TIMED: Partial<Record<RecipientReport, "sentAt" | "openedAt" | "clickedAt">> = {
  sent: "sentAt",
  delivered: "sentAt",
  bounced: "sentAt",
  opened: "openedAt",
  clicked: "clickedAt",
};

interface Props {
  campaignId: number;
  campaign: string;
  report: RecipientReport;
  total: number | null;
  sort: Sort<ReportSort> | null;
  onSortChange: (sort: Sort<ReportSort> | null) => void;
}

/** The recipients a metric counts, a page at a time; a row opens the subscriber in their list. */
export function RecipientsTable({ campaignId, campaign, report, total, sort, onSortChange }: Props) {
  const t = useT();
  const format = useFormat();
  const navigate = useNavigate();
  const columns = useMemo(() => {
    const time = (key: "sentAt" | "openedAt" | "clickedAt", label: string) =>
      column.accessor(key, {
        header: () => label,
        cell: (c) => format.dateTime(c.getValue()),
        meta: meta({ width: "170px", sortKey: TIMED[report] === key ? "time" : undefined }),
      });
    return [
      column.accessor("email", {
        header: () => t("reports.rows.email"),
        cell: (c) => <span className={styles.email}>{c.getValue()}</span>,
        meta: meta({ width: "minmax(240px, 2fr)", sortKey: "email" }),
      }),
      column.display({
        id: "domain",
        header: () => t("reports.column.domain"),
        cell: (c) => c.row.original.email.split("@")[1] ?? "—",
        meta: meta({ width: "minmax(120px, 1fr)", sortKey: "domain" }),
      }),
      time("sentAt", t("reports.card.sent")),
      ...(report === "bounced"
        ? [
            column.display({
              id: "bounce",
              header: () => t("reports.rows.bounce"),
              cell: (c) => [c.row.original.bounceCode, c.row.original.bounceReason].filter(Boolean).join(" · ") || "—",
              meta: meta({ width: "minmax(220px, 2fr)", sortKey: "bounceCode" }),
            }),
          ]
        : [time("openedAt", t("reports.card.opened")), time("clickedAt", t("reports.card.clicked"))]),
    ];
  }, [format, report, t]);
  const fetchPage = useCallback(
    (start: number, limit: number) =>
      reportRecipients(campaignId, report, sort ? { by: sort.key, descending: sort.descending } : null, start, limit),
    [campaignId, report, sort],
  );
  return (
    <DataTable<RecipientRow, ReportSort>
      key={`${report}-${sort?.key}-${sort?.descending}`}
      label={t("reports.rows.tableLabel", { campaign })}
      columns={columns}
      queryKey={commandKey("report_recipients", campaignId, report, sort)}
      fetchPage={fetchPage}
      total={total}
      rowId={(row) => `${row.memberId}-${row.email}`}
      sort={sort}
      onSortChange={onSortChange}
      onRowClick={(row) =>
        void navigate({ to: "/w/lists/$listId", params: { listId: String(row.listId) }, search: { email: row.email } })
      }
      empty={t("reports.rows.none")}
      testId="recipients-table"
    />
  );
}

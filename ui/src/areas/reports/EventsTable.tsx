import { commandKey } from "../../ipc/cache";
import { useNavigate } from "@tanstack/react-router";
import { createColumnHelper } from "@tanstack/react-table";
import { useCallback, useMemo } from "react";
import type { EventField } from "../../ipc/bindings/EventField";
import type { EventFilter } from "../../ipc/bindings/EventFilter";
import type { EventRow } from "../../ipc/bindings/EventRow";
import type { ReportSort } from "../../ipc/bindings/ReportSort";
import { reportEvents } from "../../ipc/commands";
import { useFormat, useT, type MessageKey } from "../../i18n/I18n";
import { DataTable, type ColumnLayout, type Sort } from "../../kit/DataTable";
import styles from "./Reports.module.css";

const column = createColumnHelper<EventRow>();
const meta = (m: ColumnLayout<ReportSort>) => m;

/** Each event's name in the page's language. */
export const EVENT_LABELS: Record<EventRow["kind"], MessageKey> = {
  sent: "reports.event.sent",
  bounced: "reports.event.bounced",
  opened: "reports.event.opened",
  clicked: "reports.event.clicked",
  preview: "reports.event.preview",
  unsubscribed: "reports.event.unsubscribed",
  complained: "reports.event.complained",
  other: "reports.event.other",
};

/** A subscriber field's name: the list's own, or the page's for the service's fields. */
export function useFieldTitle() {
  const t = useT();
  return useCallback(
    (field: EventField) =>
      field.title || (field.key === "rating" ? t("reports.events.field.rating") : field.key === "optin_time" ? t("reports.events.field.optinTime") : field.key),
    [t],
  );
}

interface Props {
  campaignId: number;
  campaign: string;
  filter: EventFilter;
  fields: EventField[];
  sort: Sort<ReportSort> | null;
  onSortChange: (sort: Sort<ReportSort> | null) => void;
}

/** Every event of a campaign that the filters let through; a row opens the subscriber in their list. */
export function EventsTable({ campaignId, campaign, filter, fields, sort, onSortChange }: Props) {
  const t = useT();
  const format = useFormat();
  const navigate = useNavigate();
  const fieldTitle = useFieldTitle();
  const columns = useMemo(
    () => [
      column.accessor("at", {
        header: () => t("reports.events.time"),
        cell: (c) => format.dateTime(c.getValue()),
        meta: meta({ width: "150px", sortKey: "time" }),
      }),
      column.accessor("kind", {
        header: () => t("reports.events.event"),
        cell: (c) => (
          <span>
            {t(EVENT_LABELS[c.getValue()])}
            {c.row.original.byMachine && <span className={styles.machineTag}>{t("reports.events.byMachine")}</span>}
          </span>
        ),
        meta: meta({ width: "150px", sortKey: "eventType" }),
      }),
      column.accessor("email", {
        header: () => t("reports.rows.email"),
        cell: (c) => <span className={styles.email}>{c.getValue()}</span>,
        meta: meta({ width: "minmax(180px, 2fr)", sortKey: "email" }),
      }),
      column.display({
        id: "detail",
        header: () => t("reports.column.link"),
        cell: (c) => <span className={styles.email}>{c.row.original.link ?? c.row.original.bounceReason ?? "—"}</span>,
        meta: meta({ width: "minmax(160px, 2fr)", sortKey: "link" }),
      }),
      column.accessor("region", {
        header: () => t("reports.events.region"),
        cell: (c) => c.getValue() ?? "—",
        meta: meta({ width: "minmax(90px, 1fr)", sortKey: "region" }),
      }),
      column.accessor("device", {
        header: () => t("reports.events.device"),
        cell: (c) => [c.getValue(), c.row.original.system].filter(Boolean).join(" · ") || "—",
        meta: meta({ width: "minmax(90px, 1fr)", sortKey: "device" }),
      }),
      ...filter.fields.map((key, n) =>
        column.display({
          id: `field-${key}`,
          header: () => {
            const field = fields.find((f) => f.key === key);
            return field ? fieldTitle(field) : key;
          },
          cell: (c) => c.row.original.fields[n] || "—",
          meta: meta({ width: "minmax(90px, 1fr)" }),
        }),
      ),
    ],
    [fieldTitle, fields, filter.fields, format, t],
  );
  const fetchPage = useCallback(
    (start: number, limit: number) =>
      reportEvents(campaignId, filter, sort ? { by: sort.key, descending: sort.descending } : null, start, limit),
    [campaignId, filter, sort],
  );
  return (
    <DataTable<EventRow, ReportSort>
      key={JSON.stringify([filter, sort])}
      label={t("reports.rows.tableLabel", { campaign })}
      columns={columns}
      queryKey={commandKey("report_events", campaignId, filter, sort)}
      fetchPage={fetchPage}
      total={null}
      rowId={(row) => `${row.at}-${row.kind}-${row.memberId}-${row.link ?? ""}`}
      sort={sort}
      onSortChange={onSortChange}
      onRowClick={(row) =>
        void navigate({ to: "/w/lists/$listId", params: { listId: String(row.listId) }, search: { email: row.email } })
      }
      empty={t("reports.events.none")}
      testId="events-table"
    />
  );
}

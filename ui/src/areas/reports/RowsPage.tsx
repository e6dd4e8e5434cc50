import { Link, useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import type { EventFilter } from "../../ipc/bindings/EventFilter";
import type { ReportSort } from "../../ipc/bindings/ReportSort";
import { reportEventFieldsQuery } from "../../ipc/commands";
import { useFormat, useT, type MessageKey } from "../../i18n/I18n";
import type { Sort } from "../../kit/DataTable";
import { Tabs } from "../../kit/Tabs";
import { useTheme } from "../../kit/useTheme";
import { useChartWords } from "./chartWords";
import { EventFilters } from "./EventFilters";
import { EventsTable, useFieldTitle } from "./EventsTable";
import { useDashboard, useOpenDetails } from "./queries";
import { RecipientsTable } from "./RecipientsTable";
import { RowsExportMenu } from "./RowsExportMenu";
import styles from "./Reports.module.css";
import { RECIPIENT_REPORTS, type RowsSearch, type RowsTab } from "./rowsSearch";

const TAB_LABELS: Record<RowsTab, MessageKey> = {
  sent: "reports.card.sent",
  delivered: "reports.card.delivered",
  opened: "reports.card.opened",
  clicked: "reports.card.clicked",
  bounced: "reports.card.bounced",
  complained: "reports.card.complained",
  unsubscribed: "reports.card.unsubscribed",
  events: "reports.rows.events",
};

/** A campaign's recipients per metric and its events, each a table over the service's pages. */
export function RowsPage() {
  const t = useT();
  const format = useFormat();
  const navigate = useNavigate();
  const { campaignId: param } = useParams({ strict: false }) as { campaignId: string };
  const campaignId = Number(param);
  const search = useSearch({ strict: false }) as RowsSearch;
  const tab: RowsTab = search.tab ?? "sent";
  const theme = useTheme();
  const words = useChartWords();
  const dashboard = useDashboard(campaignId, theme, words);
  const fields = useQuery({ ...reportEventFieldsQuery(campaignId), enabled: tab === "events" });
  const setSearch = useCallback(
    (change: Partial<RowsSearch>) => void navigate({ to: ".", search: (old: RowsSearch) => ({ ...old, ...change }) }),
    [navigate],
  );
  const sort: Sort<ReportSort> | null = search.sort ? { key: search.sort, descending: !!search.desc } : null;
  const onSortChange = (next: Sort<ReportSort> | null) => setSearch({ sort: next?.key, desc: next?.descending || undefined });
  const filter: EventFilter = useMemo(
    () => ({ kind: search.kind ?? null, from: search.from ?? null, to: search.to ?? null, email: search.email ?? null, fields: search.fields ?? [] }),
    [search.kind, search.from, search.to, search.email, search.fields],
  );
  const counts = dashboard.data?.counts;
  // The service's openers include those who opened only by machine, whom the dashboard leaves out.
  const details = useOpenDetails(campaignId, theme, words, tab === "opened" ? counts?.opened : undefined);
  const byMachinesOnly = tab === "opened" ? (details.data?.openers.byMachinesOnly ?? 0) : 0;
  const campaign = dashboard.data?.campaign.name ?? "…";
  const fieldTitle = useFieldTitle();
  // The export's columns, named in the order `desk` writes them.
  const header =
    tab === "events"
      ? [
          t("reports.events.time"),
          t("reports.events.event"),
          t("reports.rows.email"),
          t("reports.column.link"),
          t("reports.events.region"),
          t("reports.events.device"),
          t("reports.events.system"),
          t("reports.events.byMachine"),
          ...filter.fields.map((key) => {
            const field = fields.data?.find((f) => f.key === key);
            return field ? fieldTitle(field) : key;
          }),
        ]
      : [
          t("reports.rows.email"),
          t("reports.column.domain"),
          t("reports.card.sent"),
          t("reports.card.opened"),
          t("reports.card.clicked"),
          t("reports.rows.bounceCode"),
          t("reports.rows.bounce"),
        ];

  return (
    <section className={styles.area} data-testid="report-rows">
      <header>
        <Link to="/w/reports/$campaignId" params={{ campaignId: param }} className={styles.back}>
          ← {campaign}
        </Link>
        <h1>{t("reports.rows.title")}</h1>
      </header>
      <div className={styles.rowsTools}>
        <Tabs<RowsTab>
          label={t("reports.rows.title")}
        value={tab}
        onChange={(value) => navigate({ to: ".", search: { tab: value } })}
        items={[...RECIPIENT_REPORTS, "events" as const].map((value) => ({
          value,
          label: t(TAB_LABELS[value]),
          count: value !== "events" && counts ? format.count(counts[value]) : undefined,
        }))}
        />
        <RowsExportMenu
          campaignId={campaignId}
          what={tab === "events" ? { events: filter } : { recipients: tab }}
          header={header}
          name={`${campaign} — ${t(TAB_LABELS[tab])}`}
        />
      </div>
      {byMachinesOnly > 0 && (
        <p className={styles.note} data-testid="opened-by-machines">
          {t("reports.rows.openedByMachines", { count: byMachinesOnly, countText: format.count(byMachinesOnly) })}
        </p>
      )}
      {tab === "events" ? (
        <>
          <EventFilters
            value={search}
            fields={fields.data ?? []}
            onChange={(filters) => setSearch({ kind: filters.kind, from: filters.from, to: filters.to, email: filters.email, fields: filters.fields })}
          />
          <EventsTable campaignId={campaignId} campaign={campaign} filter={filter} fields={fields.data ?? []} sort={sort} onSortChange={onSortChange} />
        </>
      ) : (
        <RecipientsTable
          campaignId={campaignId}
          campaign={campaign}
          report={tab}
          total={counts ? counts[tab] : null}
          sort={sort}
          onSortChange={onSortChange}
        />
      )}
    </section>
  );
}

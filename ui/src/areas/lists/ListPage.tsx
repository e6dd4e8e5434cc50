import { useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { createColumnHelper } from "@tanstack/react-table";
import { useCallback, useMemo, useState, type FormEvent } from "react";
import type { FieldView } from "../../ipc/bindings/FieldView";
import type { SubscriberRow } from "../../ipc/bindings/SubscriberRow";
import type { SubscriberSort } from "../../ipc/bindings/SubscriberSort";
import { listSubscribers } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { useFormat, useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { DataTable, type ColumnLayout, type Sort } from "../../kit/DataTable";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { SearchInput } from "../../kit/Field";
import { usePaletteActions } from "../../kit/palette";
import { Tabs } from "../../kit/Tabs";
import styles from "../../kit/Page.module.css";
import own from "./ListPage.module.css";
import { STATES, type ListedState, type ListSearch } from "./listSearch";
import { commandKey } from "../../ipc/cache";
import { useList } from "./queries";
import { FieldsDialog } from "./FieldsDialog";
import { ListDetailsDialog } from "./ListDetailsDialog";
import { ImportDialog } from "./ImportDialog";
import { ImportsPanel } from "./ImportsPanel";
import { CleanList } from "./CleanList";
import type { ImportRecord } from "../../ipc/bindings/ImportRecord";
import type { PickedFile } from "../../ipc/bindings/PickedFile";
import { useDroppedFile } from "../../app/dropped";
import { SubscriberDialog } from "./SubscriberDialog";
import { SubscriberActionDialog, type SubscriberAction } from "./SubscriberActions";
import { STATE_LABELS, StateBadge } from "../../kit/StateBadge";
import { ChosenBar, useSubscriberTicking } from "./ChosenBar";
import { SubscriberPanel } from "./SubscriberPanel";
import { SegmentPanel, useSegmentCount } from "./SegmentPanel";
import { countedSegment, segmentTotal, tableFilter, type SegmentChoice } from "./segmentFilter";

const PAGE_SIZE = 100;
/** More field columns than this crowd the address out. */
const MAX_FIELD_COLUMNS = 4;
type Filter = ListedState | "all";

const column = createColumnHelper<SubscriberRow>();
const meta = (m: ColumnLayout<SubscriberSort>) => m;

export function ListPage() {
  const t = useT();
  const format = useFormat();
  const navigate = useNavigate();
  const { listId: param } = useParams({ strict: false }) as { listId: string };
  const search = useSearch({ strict: false }) as ListSearch;
  const listId = Number(param);
  const list = useList(listId);
  const [typed, setTyped] = useState(search.email ?? "");
  // The subscriber form: a new subscriber, or the one whose row was opened.
  const [form, setForm] = useState<{ subscriber?: SubscriberRow } | null>(null);
  // One of a subscriber's actions, asked about in place of their form.
  const [asked, setAsked] = useState<{ action: SubscriberAction; subscriber: SubscriberRow } | null>(null);
  // The subscriber whose row was opened: their panel, from which their form and actions open.
  const [opened, setOpened] = useState<SubscriberRow | null>(null);
  const [fieldsOpen, setFieldsOpen] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  // The import dialog: a new import, one of a file dropped onto the window, or one running, stopped or ended.
  const [importing, setImporting] = useState<{ record?: ImportRecord; dropped?: PickedFile } | null>(null);
  useDroppedFile(listId, (dropped) => setImporting({ dropped }));
  const [segmentOpen, setSegmentOpen] = useState(false);

  const setSearch = useCallback(
    (change: Partial<ListSearch>, replace = false) =>
      void navigate({ to: ".", search: (old: ListSearch) => ({ ...old, ...change }), replace }),
    [navigate],
  );
  const filter: Filter = search.state ?? "all";
  const counts = list.data?.list.counts;
  // A segment narrows the table: its rows are the segment's, counted by the service.
  const choice: SegmentChoice = useMemo(() => ({ segment: search.segment, where: search.where }), [search.segment, search.where]);
  const segmentCount = useSegmentCount(listId, choice);
  const narrowed = countedSegment(choice) !== null;
  const segmentShown = segmentOpen || search.segment !== undefined || search.where !== undefined;
  const total = search.email || !counts ? null : narrowed ? segmentTotal(segmentCount.data, filter) : counts[filter];
  const chooseSegment = useCallback(
    (next: SegmentChoice) => setSearch({ segment: next.segment, where: next.where, row: undefined }, true),
    [setSearch],
  );

  const fields: FieldView[] = useMemo(() => (list.data?.fields ?? []).slice(0, MAX_FIELD_COLUMNS), [list.data]);
  const columns = useMemo(
    () => [
      column.accessor("email", {
        header: () => t("subscribers.column.email"),
        cell: (c) => <span className={styles.email}>{c.getValue()}</span>,
        meta: meta({ width: "minmax(240px, 2.6fr)", sortKey: "email" }),
      }),
      ...fields.map((field) =>
        column.display({
          id: `field-${field.id}`,
          header: () => field.title,
          cell: (c) => {
            const value = c.row.original.values[field.id];
            return field.kind === "date" && value && /^\d{4}-\d{2}-\d{2}/.test(value) ? format.shortDate(`${value.slice(0, 10)}T00:00:00`) : (value ?? "—");
          },
          meta: meta({ width: "minmax(90px, 1fr)" }),
        }),
      ),
      column.accessor("state", {
        header: () => t("subscribers.column.state"),
        cell: (c) => <StateBadge state={c.getValue()} />,
        meta: meta({ width: "150px", sortKey: "state" }),
      }),
      column.accessor("subscribedAt", {
        header: () => t("subscribers.column.subscribed"),
        cell: (c) => format.date(c.getValue()),
        meta: meta({ width: "130px", sortKey: "subscribedAt" }),
      }),
    ],
    [fields, format, t],
  );

  // Which subscribers the table shows: its query key, its pages' request, and its identity.
  const selection = useMemo(
    () => ({ listId, state: search.state, email: search.email, sort: search.sort, descending: search.desc, ...tableFilter(choice) }),
    [listId, search.state, search.email, search.sort, search.desc, choice],
  );
  const fetchPage = useCallback(
    (start: number, limit: number) => listSubscribers({ ...selection, start, limit }),
    [selection],
  );
  const sort: Sort<SubscriberSort> | null = search.sort ? { key: search.sort, descending: !!search.desc } : null;
  const { ticking, table: ticks } = useSubscriberTicking(selection);

  usePaletteActions(
    list.data
      ? [
          { id: "add-subscriber", label: "subscribers.palette.add", run: () => setForm({}) },
          { id: "import", label: "subscribers.palette.import", run: () => setImporting({}) },
          !segmentShown && { id: "segment", label: "subscribers.palette.segment", run: () => setSegmentOpen(true) },
          { id: "list-fields", label: "subscribers.palette.fields", run: () => setFieldsOpen(true) },
          { id: "list-details", label: "subscribers.palette.details", run: () => setDetailsOpen(true) },
        ]
      : [],
  );

  const find = (event: FormEvent) => {
    event.preventDefault();
    setSearch({ email: typed.trim() || undefined, row: undefined });
  };

  return (
    <section className={styles.area}>
      <header className={styles.header}>
        <div>
          <Button variant="link" className={styles.back} onClick={() => void navigate({ to: "/w/lists" })} data-testid="back-to-lists">
            {t("subscribers.back")}
          </Button>
          <h1 data-testid="list-title">{list.data?.list.name ?? "…"}</h1>
          {list.data?.list.description && <p className={styles.subtitle}>{list.data.list.description}</p>}
        </div>
        <div className={own.tools}>
          <Button onClick={() => setDetailsOpen(true)} disabled={!list.data} data-testid="list-details">
            {t("lists.details.button")}
          </Button>
          <Button onClick={() => setFieldsOpen(true)} disabled={!list.data} data-testid="list-fields">
            {t("fields.button")}
          </Button>
          {list.data && <CleanList list={list.data.list} />}
          <Button onClick={() => setImporting({})} disabled={!list.data} data-testid="import-open">
            {t("import.open")}
          </Button>
          <Button variant="primary" onClick={() => setForm({})} disabled={!list.data} data-testid="add-subscriber">
            {t("subscribers.form.new")}
          </Button>
        </div>
      </header>
      <div className={own.subbar}>
        <ImportsPanel listId={listId} onOpen={(record) => setImporting({ record })} />
        <form className={styles.search} onSubmit={find} role="search">
          <SearchInput label={t("subscribers.search")} value={typed} onChange={setTyped} data-testid="subscriber-search" />
          <Button type="submit" data-testid="subscriber-search-submit">
            {t("subscribers.find")}
          </Button>
          {search.email && (
            <Button
              variant="ghost"
              onClick={() => {
                setTyped("");
                setSearch({ email: undefined, row: undefined });
              }}
            >
              {t("subscribers.clearSearch")}
            </Button>
          )}
        </form>
      </div>
      {list.error && <ErrorNotice error={toDeskError(list.error)} />}
      <div className={own.filters}>
        <Tabs<Filter>
          label={t("subscribers.stateFilter")}
          value={filter}
          onChange={(value) => setSearch({ state: value === "all" ? undefined : value, row: undefined })}
          items={(["all", ...STATES] as Filter[]).map((value) => ({
            value,
            label: value === "all" ? t("subscribers.all") : t(STATE_LABELS[value]),
            count: counts ? format.count(counts[value]) : undefined,
          }))}
        />
        {!segmentShown && (
          <Button onClick={() => setSegmentOpen(true)} disabled={!list.data} data-testid="segment-open">
            {t("segments.button")}
          </Button>
        )}
      </div>
      {list.data && segmentShown && (
        <SegmentPanel
          listId={listId}
          fields={list.data.fields}
          choice={choice}
          onChoice={chooseSegment}
          count={segmentCount}
          onClose={() => (setSegmentOpen(false), setSearch({ segment: undefined, where: undefined, row: undefined }))}
        />
      )}
      {list.data && <ChosenBar listName={list.data.list.name} filter={selection} matching={total} ticking={ticking} />}
      {list.data && (
        <DataTable<SubscriberRow, SubscriberSort>
          key={JSON.stringify(selection)}
          label={t("subscribers.tableLabel", { name: list.data.list.name })}
          columns={columns}
          queryKey={commandKey("list_subscribers", selection)}
          fetchPage={fetchPage}
          total={total}
          pageSize={PAGE_SIZE}
          rowId={(row) => String(row.id)}
          sort={sort}
          onSortChange={(next) => setSearch({ sort: next?.key, desc: next?.descending || undefined, row: undefined })}
          initialRow={search.row ?? 0}
          onFirstRowChange={(row) => row !== (search.row ?? 0) && setSearch({ row: row || undefined }, true)}
          onRowClick={setOpened}
          selection={ticks}
          empty={search.email ? t("subscribers.noneFound", { email: search.email }) : t("subscribers.none")}
          testId="members-table"
        />
      )}
      {opened && (
        <SubscriberPanel
          listId={listId}
          subscriber={opened}
          onEdit={() => {
            setForm({ subscriber: opened });
            setOpened(null);
          }}
          onAction={(action) => {
            setAsked({ action, subscriber: opened });
            setOpened(null);
          }}
          onClose={() => setOpened(null)}
        />
      )}
      {form && list.data && (
        <SubscriberDialog
          listId={listId}
          fields={list.data.fields}
          subscriber={form.subscriber}
          onAction={(action) => {
            if (form.subscriber) setAsked({ action, subscriber: form.subscriber });
            setForm(null);
          }}
          onClose={() => setForm(null)}
        />
      )}
      {importing && list.data && (
        <ImportDialog key={importing.dropped?.fileId} listId={listId} listName={list.data.list.name} fields={list.data.fields} resume={importing.record} dropped={importing.dropped} onClose={() => setImporting(null)} />
      )}
      {detailsOpen && list.data && <ListDetailsDialog detail={list.data} onClose={() => setDetailsOpen(false)} />}
      {fieldsOpen && list.data && (
        <FieldsDialog listId={listId} listName={list.data.list.name} fields={list.data.fields} onClose={() => setFieldsOpen(false)} />
      )}
      {asked && list.data && (
        <SubscriberActionDialog action={asked.action} listId={listId} listName={list.data.list.name} subscriber={asked.subscriber} onClose={() => setAsked(null)} />
      )}
    </section>
  );
}

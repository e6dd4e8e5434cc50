import { useNavigate, useParams } from "@tanstack/react-router";
import { createColumnHelper } from "@tanstack/react-table";
import { useCallback, useMemo } from "react";
import type { AcrossLists } from "../../ipc/bindings/AcrossLists";
import type { SubscriberRow } from "../../ipc/bindings/SubscriberRow";
import { subscribersAcrossLists } from "../../ipc/commands";
import { commandKey } from "../../ipc/cache";
import { useFormat, useT, type MessageKey } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { DataTable, type ColumnLayout } from "../../kit/DataTable";
import { StateBadge } from "../../kit/StateBadge";
import styles from "../../kit/Page.module.css";
import { useLists } from "./queries";

const column = createColumnHelper<SubscriberRow>();
const meta = (m: ColumnLayout<never>) => m;

/** The two views across every list, by their route's word. */
export const ACROSS: Record<AcrossLists, { title: MessageKey; hint: MessageKey; empty: MessageKey }> = {
  unsubscribed: { title: "lists.across.unsubscribed", hint: "lists.across.unsubscribedHint", empty: "lists.across.noneUnsubscribed" },
  complained: { title: "lists.across.complained", hint: "lists.across.complainedHint", empty: "lists.across.noneComplained" },
};

/** Who unsubscribed, or complained, in every list of the account; a row opens its list at the address. */
export function AcrossListsPage() {
  const t = useT();
  const format = useFormat();
  const navigate = useNavigate();
  const { who: param } = useParams({ strict: false }) as { who: string };
  const who: AcrossLists = param === "complained" ? "complained" : "unsubscribed";
  const lists = useLists();
  const names = useMemo(() => new Map((lists.data ?? []).map((list) => [list.id, list.name])), [lists.data]);
  const columns = useMemo(
    () => [
      column.accessor("email", {
        header: () => t("subscribers.column.email"),
        cell: (c) => <span className={styles.email}>{c.getValue()}</span>,
        meta: meta({ width: "minmax(240px, 2fr)" }),
      }),
      column.accessor("listId", {
        header: () => t("lists.across.list"),
        cell: (c) => names.get(c.getValue()) ?? `#${c.getValue()}`,
        meta: meta({ width: "minmax(160px, 1.4fr)" }),
      }),
      column.accessor("state", {
        header: () => t("subscribers.column.state"),
        cell: (c) => <StateBadge state={c.getValue()} />,
        meta: meta({ width: "150px" }),
      }),
      column.display({
        id: "when",
        header: () => t("lists.across.when"),
        cell: (c) => format.date(c.row.original.unsubscribedAt ?? c.row.original.editedAt),
        meta: meta({ width: "130px" }),
      }),
    ],
    [format, names, t],
  );
  const fetchPage = useCallback((start: number, limit: number) => subscribersAcrossLists(who, start, limit), [who]);
  const words = ACROSS[who];
  return (
    <section className={styles.area}>
      <header className={styles.header}>
        <div>
          <Button variant="link" className={styles.back} onClick={() => void navigate({ to: "/w/lists" })} data-testid="back-to-lists">
            {t("subscribers.back")}
          </Button>
          <h1 data-testid="across-title">{t(words.title)}</h1>
          <p className={styles.subtitle}>{t(words.hint)}</p>
        </div>
      </header>
      <DataTable<SubscriberRow>
        key={who}
        label={t(words.title)}
        columns={columns}
        queryKey={commandKey("subscribers_across_lists", who)}
        fetchPage={fetchPage}
        total={null}
        rowId={(row) => `${row.listId}-${row.id}`}
        onRowClick={(row) => void navigate({ to: "/w/lists/$listId", params: { listId: String(row.listId) }, search: { email: row.email } })}
        empty={t(words.empty)}
        testId="across-table"
      />
    </section>
  );
}

import { useCallback, useMemo, useState } from "react";
import type { Chosen } from "../../ipc/bindings/Chosen";
import type { ExportWords } from "../../ipc/bindings/ExportWords";
import type { SubscriberFilter } from "../../ipc/bindings/SubscriberFilter";
import type { SubscriberRow } from "../../ipc/bindings/SubscriberRow";
import type { SubscriberState } from "../../ipc/bindings/SubscriberState";
import { exportSubscribers } from "../../ipc/commands";
import { useFormat, useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import type { RowSelection } from "../../kit/DataTable";
import { StreamedExportMenu } from "../../kit/ExportMenu";
import { tickedCount, useTicked } from "../../kit/selection";
import { STATE_LABELS, SUBSCRIBER_LABELS } from "../../kit/StateBadge";
import { BulkDialog, type BulkKind } from "./BulkDialog";
import styles from "./ChosenBar.module.css";

const rowId = (row: SubscriberRow) => String(row.id);

/** The subscribers ticked in the table showing `filter`, and the table's side of ticking them. */
export function useSubscriberTicking(filter: SubscriberFilter) {
  const t = useT();
  // Another order shows the same subscribers: what was ticked stays ticked.
  const ticking = useTicked<SubscriberRow>(rowId, JSON.stringify({ ...filter, sort: undefined, descending: undefined }));
  const rowLabel = useCallback((row: SubscriberRow) => t("subscribers.tick.row", { email: row.email }), [t]);
  const table: RowSelection<SubscriberRow> = useMemo(
    () => ({ has: ticking.has, set: ticking.set, rowLabel, shownLabel: t("subscribers.tick.shown") }),
    [ticking.has, ticking.set, rowLabel, t],
  );
  return { ticking, table };
}

type Ticking = ReturnType<typeof useSubscriberTicking>["ticking"];

/** Each subscriber state's name in a file, as a badge names it. */
function useExportWords(): ExportWords {
  const t = useT();
  const state = (s: SubscriberState) => t(SUBSCRIBER_LABELS[s]);
  return {
    email: t("subscribers.column.email"),
    state: t("subscribers.column.state"),
    subscribedAt: t("subscribers.column.subscribed"),
    active: state("active"),
    unsubscribed: state("unsubscribed"),
    bounced: state("bounced"),
    complained: state("complained"),
    unconfirmed: state("unconfirmed"),
    inactive: state("inactive"),
    unknown: state("unknown"),
  };
}

const ACTIONS: { kind: BulkKind; label: "subscribers.move.button" | "subscribers.copy.button" | "subscribers.bulk.unsubscribe.button" | "subscribers.bulk.delete.button" }[] = [
  { kind: "move", label: "subscribers.move.button" },
  { kind: "copy", label: "subscribers.copy.button" },
  { kind: "unsubscribe", label: "subscribers.bulk.unsubscribe.button" },
  { kind: "delete", label: "subscribers.bulk.delete.button" },
];

interface Props {
  listName: string;
  /** What the table shows. */
  filter: SubscriberFilter;
  /** How many it shows in all, when known. */
  matching: number | null;
  ticking: Ticking;
}

/**
 * Over the subscribers table: how many are chosen (with the offer to
 * choose everything the view holds), what can be done to them, and the
 * export: of what is chosen, or of the whole view when nothing is.
 */
export function ChosenBar({ listName, filter, matching, ticking }: Props) {
  const t = useT();
  const format = useFormat();
  const words = useExportWords();
  const [asked, setAsked] = useState<BulkKind | null>(null);
  const { ticked } = ticking;
  const count = tickedCount(ticked, matching);
  const some = ticked.all || ticked.rows.size > 0;
  const which: Chosen = ticked.all
    ? { matching: filter }
    : { rows: { listId: filter.listId, rows: [...ticked.rows.values()] } };
  const name = filter.state ? `${listName} — ${t(STATE_LABELS[filter.state])}` : listName;

  return (
    <div className={styles.bar} data-testid="chosen-bar">
      <div className={styles.count}>
        {!some && <span className={styles.hint}>{t("subscribers.tickHint")}</span>}
        {some && count !== null && (
          <span data-testid="chosen-count">
            {ticked.all ? t("subscribers.allChosen", { count }) : t("subscribers.chosen", { count })}
          </span>
        )}
        {!ticked.all && some && matching !== null && matching > ticked.rows.size && (
          <Button variant="link" onClick={ticking.tickAll} data-testid="choose-all">
            {t("subscribers.chooseAll", { count: format.count(matching) })}
          </Button>
        )}
        {some && (
          <Button variant="link" onClick={ticking.clear} data-testid="clear-chosen">
            {t("subscribers.clearChosen")}
          </Button>
        )}
      </div>
      <div className={styles.tools}>
        {some &&
          ACTIONS.map(({ kind, label }) => (
            <Button key={kind} className={kind === "delete" ? styles.danger : undefined} onClick={() => setAsked(kind)} data-testid={`bulk-${kind}`}>
              {t(label)}
            </Button>
          ))}
        <StreamedExportMenu
          label={some ? t("subscribers.exportChosen") : t("subscribers.export")}
          testId="subscribers-export"
          palette={{ id: "export-subscribers", label: some ? "subscribers.palette.exportChosen" : "subscribers.palette.export" }}
          run={(format, taskId, channel) =>
            exportSubscribers({ which: some ? which : { matching: filter }, words, name, format }, taskId, channel)
          }
        />
      </div>
      {asked && count !== null && (
        <BulkDialog
          kind={asked}
          which={which}
          count={count}
          listId={filter.listId}
          listName={listName}
          onClose={() => setAsked(null)}
          onDone={ticking.clear}
        />
      )}
    </div>
  );
}

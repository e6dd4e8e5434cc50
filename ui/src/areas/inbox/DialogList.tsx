import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useId, useRef, type KeyboardEvent } from "react";
import type { DialogRow } from "../../ipc/bindings/DialogRow";
import type { ReplyKind } from "../../ipc/bindings/ReplyKind";
import type { Sign } from "../../ipc/bindings/Sign";
import { useFormat, useT, type MessageKey } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { nextRow } from "../../kit/rowKeys";
import { FOLDED, type InboxItem } from "./arrange";
import styles from "./Inbox.module.css";
import { PaperClip } from "../../kit/PaperClip";
import { whyKey } from "./why";

const ROW_HEIGHT = 76;
/** How many rows from the end of the list on screen the next page is asked for. */
const NEAR_THE_END = 8;

export const KIND_LABELS: Record<ReplyKind, MessageKey> = {
  human: "inbox.kind.human",
  auto_reply: "inbox.kind.autoReply",
  failure: "inbox.kind.failure",
  unsubscribe: "inbox.kind.unsubscribe",
  complaint: "inbox.kind.complaint",
};

/**
 * A reply's kind as a small tag, what gave it away as its tooltip (or after
 * it, with `reason="shown"`). People's replies go untagged, unless the
 * marketer filed their sender or the triage was not sure.
 */
export function KindTag({ kind, sign, reason = "title" }: { kind: ReplyKind; sign: Sign; reason?: "title" | "shown" }) {
  const t = useT();
  const why = whyKey(kind, sign);
  if (kind === "human" && !why) return null;
  const label = t(sign === "unsure" ? "inbox.maybeAuto" : KIND_LABELS[kind]);
  const said = why && t(why);
  return (
    <span
      className={[styles.tag, styles[kind], sign === "unsure" && styles.unsure].filter(Boolean).join(" ")}
      title={said}
      data-testid="kind-tag"
      data-kind={kind}
      data-sign={sign}
    >
      {reason === "shown" && said ? `${label} · ${said}` : label}
    </span>
  );
}

interface DialogListProps {
  items: InboxItem[];
  /** The highlighted item (moved with j and k), and the open dialog. */
  active: string | undefined;
  open: number | undefined;
  hasMore: boolean;
  loadMore: () => void;
  onOpen: (row: DialogRow) => void;
  /** Highlights an item (by its key): the arrow keys, Page Up and Down, Home and End while the list has the focus. */
  onActive: (key: string) => void;
  onToggle: (campaignId: number) => void;
  onCloseAll: (rows: DialogRow[]) => void;
}

/**
 * The dialogs, newest activity first: only the rows on screen are drawn; the
 * next page loads near the end. The list is one stop in the Tab order, the
 * highlighted row its active one; Enter (the page's key) opens it.
 */
export function DialogList({ items: entries, active, open, hasMore, loadMore, onOpen, onActive, onToggle, onCloseAll }: DialogListProps) {
  const t = useT();
  const format = useFormat();
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const items = virtual.getVirtualItems();
  // The last row on screen, not the last drawn (rows past the screen are drawn ahead).
  const lastShown = virtual.range?.endIndex ?? items.at(-1)?.index ?? 0;

  // The next page once the end of the list is nearly in view: as the user
  // scrolls there, or at once when the rows do not fill the screen.
  useEffect(() => {
    if (hasMore && lastShown >= entries.length - NEAR_THE_END) loadMore();
  }, [hasMore, lastShown, entries.length, loadMore]);

  const activeIndex = entries.findIndex((e) => e.key === active);
  useEffect(() => {
    if (activeIndex >= 0) virtual.scrollToIndex(activeIndex, { align: "auto" });
  }, [activeIndex, virtual]);

  const ids = useId();
  const rowId = (key: string) => `${ids}-${key}`;
  const onKey = (press: KeyboardEvent<HTMLDivElement>) => {
    // A row's own button keeps its keys.
    if (press.target !== press.currentTarget || press.ctrlKey) return;
    const perPage = Math.floor((scroller.current?.clientHeight ?? ROW_HEIGHT) / ROW_HEIGHT) - 1;
    const next = nextRow(press, activeIndex, entries.length, perPage);
    if (next === null) return;
    press.preventDefault();
    // Nothing highlighted yet: the first move lands on the first row (or the last, by End).
    onActive(entries[activeIndex < 0 && press.key !== "End" ? 0 : next].key);
  };

  return (
    <div
      ref={scroller}
      className={styles.listScroller}
      // Not a list box: a campaign's folded row holds a button, which an option may not; and it opens on its
      // replies, a level below it, as a tree's row does.
      role="treegrid"
      aria-label={t("inbox.listLabel")}
      aria-rowcount={entries.length}
      tabIndex={0}
      aria-activedescendant={activeIndex >= 0 ? rowId(entries[activeIndex].key) : undefined}
      onKeyDown={onKey}
      data-testid="dialog-list"
      data-more={hasMore}
    >
      <div style={{ height: virtual.getTotalSize(), position: "relative" }}>
        {items.map((item) => {
          const entry = entries[item.index];
          const place = { transform: `translateY(${item.start}px)`, height: ROW_HEIGHT };
          if (entry.type === "folded") {
            const unread = entry.rows.reduce((sum, r) => sum + r.unread, 0);
            return (
              <div
                key={entry.key}
                id={rowId(entry.key)}
                role="row"
                aria-rowindex={item.index + 1}
                aria-level={1}
                aria-expanded={entry.open}
                className={[styles.row, styles.folded, entry.key === active && styles.active].filter(Boolean).join(" ")}
                style={place}
                onClick={() => onToggle(entry.campaignId)}
                data-testid="folded-row"
                data-campaign-id={entry.campaignId}
              >
                <div role="gridcell" className={styles.cell}>
                  <div className={styles.rowTop}>
                    <span className={styles.foldTitle}>
                      {entry.open ? "▾" : "▸"} {t("inbox.folded", { count: entry.rows.length })}
                    </span>
                    <Button
                      variant="ghost"
                      onClick={(e) => {
                        e.stopPropagation();
                        onCloseAll(entry.rows);
                      }}
                      data-testid="close-folded"
                    >
                      {t("inbox.closeAll")}
                    </Button>
                  </div>
                  <div className={styles.preview}>
                    {entry.campaignName && <span className={styles.campaign}>{entry.campaignName}</span>}
                    {unread > 0 && t("inbox.unreadCount", { count: unread })}
                  </div>
                </div>
              </div>
            );
          }
          const row = entry.row;
          return (
            <div
              key={row.id}
              id={rowId(entry.key)}
              role="row"
              aria-rowindex={item.index + 1}
              aria-level={FOLDED.includes(row.kind) ? 2 : 1}
              aria-selected={row.id === open}
              className={[styles.row, entry.key === active && styles.active, row.id === open && styles.open, row.unread > 0 && styles.unread]
                .filter(Boolean)
                .join(" ")}
              style={place}
              onClick={() => onOpen(row)}
              data-testid="dialog-row"
              data-dialog-id={row.id}
              data-campaign-id={row.campaignId}
              data-kind={row.kind}
              data-sign={row.sign}
              data-subscriber={row.subscriber}
            >
              <div role="gridcell" className={styles.cell}>
                <div className={styles.rowTop}>
                  <span className={styles.subscriber}>{row.subscriber}</span>
                  <time className={styles.time} dateTime={row.lastMessageAt ?? undefined}>
                    {format.when(row.lastMessageAt)}
                  </time>
                </div>
                <div className={styles.rowSubject}>
                  {row.unread > 0 && (
                    <span className={styles.unreadCount} aria-label={t("inbox.unreadCount", { count: row.unread })}>
                      {format.count(row.unread)}
                    </span>
                  )}
                  {row.hasAttachments && <PaperClip label={t("inbox.hasAttachments")} />}
                  {/* In a campaign's folded group every row is a machine's: what tells them apart is why. */}
                  <KindTag kind={row.kind} sign={row.sign} reason={FOLDED.includes(row.kind) ? "shown" : "title"} />
                  <span>{row.subject}</span>
                </div>
                <div className={styles.preview}>
                  {row.campaignName && <span className={styles.campaign}>{row.campaignName}</span>}
                  {row.preview}
                </div>
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}

import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useRef } from "react";
import type { DialogRow } from "../../ipc/bindings/DialogRow";
import { useFormat, useT } from "../../i18n/I18n";
import styles from "./Inbox.module.css";
import { PaperClip } from "./PaperClip";

const ROW_HEIGHT = 76;

interface DialogListProps {
  rows: DialogRow[];
  /** The highlighted row (moved with j and k), and the open one. */
  active: number | undefined;
  open: number | undefined;
  hasMore: boolean;
  loadMore: () => void;
  onOpen: (row: DialogRow) => void;
}

/** The dialogs, newest activity first: only the rows on screen are drawn; the next page loads near the end. */
export function DialogList({ rows, active, open, hasMore, loadMore, onOpen }: DialogListProps) {
  const t = useT();
  const format = useFormat();
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const items = virtual.getVirtualItems();
  const lastDrawn = items.at(-1)?.index ?? 0;

  useEffect(() => {
    if (hasMore && lastDrawn >= rows.length - 10) loadMore();
  }, [hasMore, lastDrawn, rows.length, loadMore]);

  const activeIndex = rows.findIndex((r) => r.id === active);
  useEffect(() => {
    if (activeIndex >= 0) virtual.scrollToIndex(activeIndex, { align: "auto" });
  }, [activeIndex, virtual]);

  return (
    <div ref={scroller} className={styles.listScroller} role="listbox" aria-label={t("inbox.listLabel")} data-testid="dialog-list">
      <div style={{ height: virtual.getTotalSize(), position: "relative" }}>
        {items.map((item) => {
          const row = rows[item.index];
          return (
            <div
              key={row.id}
              role="option"
              aria-selected={row.id === open}
              className={[styles.row, row.id === active && styles.active, row.id === open && styles.open, row.unread > 0 && styles.unread]
                .filter(Boolean)
                .join(" ")}
              style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              onClick={() => onOpen(row)}
              data-testid="dialog-row"
              data-dialog-id={row.id}
            >
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
                <span>{row.subject}</span>
              </div>
              <div className={styles.preview}>
                {row.campaignName && <span className={styles.campaign}>{row.campaignName}</span>}
                {row.preview}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}

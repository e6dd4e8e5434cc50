import { useQueries, useQueryClient } from "@tanstack/react-query";
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type Row as TableRow } from "@tanstack/react-table";
import { elementScroll, observeElementOffset, useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import type { DeskError } from "../ipc/bindings/DeskError";
import { toDeskError } from "../ipc/errors";
import { useT } from "../i18n/I18n";
import styles from "./DataTable.module.css";
import { ErrorNotice } from "./ErrorNotice";
import { pagesFor, rowCount, scrollScale } from "./paging";
import { nextRow, placeToShow } from "./rowKeys";
import { headerBox, span } from "./selection";

/** Per-column layout and server sorting, in the column's `meta`. */
export interface ColumnLayout<S extends string = string> {
  /** A CSS grid track: "minmax(220px, 2fr)", "120px". */
  width: string;
  align?: "start" | "end";
  /** The server's sort key for this column, when it can sort. */
  sortKey?: S;
}

export interface Sort<S extends string> {
  key: S;
  descending: boolean;
}

export interface Page<Row> {
  rows: Row[];
  hasMore: boolean;
}

/** Rows the user can tick (see `useTicked`): a box at the start of each row, and one over the rows on screen. */
export interface RowSelection<Row> {
  has: (row: Row) => boolean;
  set: (rows: Row[], on: boolean) => void;
  /** A row's box, for screen readers. */
  rowLabel: (row: Row) => string;
  /** The box over the rows on screen, for screen readers. */
  shownLabel: string;
}

interface DataTableProps<Row, S extends string> {
  label: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  /** The query key of the command behind the pages; the page number is appended. */
  queryKey: readonly unknown[];
  fetchPage: (start: number, limit: number) => Promise<Page<Row>>;
  /** Rows in all, when the caller knows; otherwise the table grows as pages say there is more. */
  total: number | null;
  rowId: (row: Row) => string;
  pageSize?: number;
  rowHeight?: number;
  sort?: Sort<S> | null;
  onSortChange?: (sort: Sort<S> | null) => void;
  /** The row to show at the top on first render (restored from the route). */
  initialRow?: number;
  onFirstRowChange?: (row: number) => void;
  /** Opens a row: a click on it, or Enter on the row the keyboard is on. */
  onRowClick?: (row: Row) => void;
  /**
   * Data attributes a loaded row carries besides the table's own, to find it
   * by what it shows; a `data-testid` here names the row in place of "table-row".
   */
  rowProps?: (row: Row) => Record<`data-${string}`, string>;
  /** Rows can be ticked: one by one (Space on the keyboard's row), a span with Shift, or those on screen at once. */
  selection?: RowSelection<Row>;
  empty: ReactNode;
  testId?: string;
}

/** The column of the boxes that tick rows. */
const BOX_TRACK = "28px";

function layout<S extends string>(column: { columnDef: { meta?: unknown } }): ColumnLayout<S> {
  return (column.columnDef.meta as ColumnLayout<S> | undefined) ?? { width: "1fr" };
}

/**
 * A virtualised table over server pages: only the rows on screen are in the
 * DOM, pages are fetched (and cached under the command's query key) as they
 * scroll into view (the next one once the rows shown are past the middle of
 * theirs), and a million rows scroll end to end. The keyboard reaches it
 * once in the Tab order, on one row (a roving tabindex): the arrow keys,
 * Page Up and Down, Home and End move that row, scrolled into view; Enter
 * opens it, Space ticks it.
 */
export function DataTable<Row, S extends string = string>({
  label,
  columns,
  queryKey,
  fetchPage,
  total,
  rowId,
  pageSize = 100,
  rowHeight = 38,
  sort = null,
  onSortChange,
  initialRow = 0,
  onFirstRowChange,
  onRowClick,
  rowProps,
  selection,
  empty,
  testId,
}: DataTableProps<Row, S>) {
  const t = useT();
  const queries = useQueryClient();
  const scroller = useRef<HTMLDivElement>(null);
  const [window, setWindow] = useState<[number, number]>([initialRow, initialRow + 30]);
  const loadedRef = useRef(new Map<number, { rows: number; hasMore: boolean }>());

  const pages = pagesFor(window[0], window[1], pageSize, rowCount(total, loadedRef.current, pageSize));
  const results = useQueries({
    queries: pages.map((page) => ({
      queryKey: [...queryKey, page],
      queryFn: () => fetchPage(page * pageSize, pageSize),
      staleTime: 30_000,
    })),
  });
  const pageData = new Map<number, Page<Row>>();
  let failure: DeskError | null = null;
  results.forEach((result, i) => {
    if (result.data) {
      pageData.set(pages[i], result.data);
      loadedRef.current.set(pages[i], { rows: result.data.rows.length, hasMore: result.data.hasMore });
    }
    if (result.error && !failure) failure = toDeskError(result.error);
  });
  const count = rowCount(total, loadedRef.current, pageSize);
  const rowAt = (index: number): Row | undefined => pageData.get(Math.floor(index / pageSize))?.rows[index % pageSize];

  const scale = useRef(1);
  scale.current = scrollScale(count * rowHeight);
  // Start where the route says the user was, before the virtualizer first
  // reads the scroll place (so the top of the table is never fetched for nothing).
  useLayoutEffect(() => {
    if (scroller.current && initialRow > 0) scroller.current.scrollTop = (initialRow * rowHeight) / scale.current;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const virtualizer: Virtualizer<HTMLDivElement, Element> = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    initialOffset: initialRow * rowHeight,
    observeElementOffset: (instance, callback) =>
      observeElementOffset(instance, (offset, scrolling) => callback(offset * scale.current, scrolling)),
    scrollToFn: (offset, options, instance) => elementScroll(offset / scale.current, options, instance),
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;

  const measured = items.length > 0;
  useEffect(() => {
    if (measured) setWindow((w) => (w[0] === first && w[1] === last ? w : [first, last]));
  }, [first, last, measured]);

  // Tell the route where the user is, once scrolling settles (a new callback
  // each render of the caller does not restart the wait).
  const reportFirstRow = useRef(onFirstRowChange);
  reportFirstRow.current = onFirstRowChange;
  const scrollOffset = virtualizer.scrollOffset ?? 0;
  useEffect(() => {
    const timer = setTimeout(() => reportFirstRow.current?.(Math.round(scrollOffset / rowHeight)), 300);
    return () => clearTimeout(timer);
  }, [rowHeight, scrollOffset]);

  const visibleRows = useMemo(
    () => items.map((item) => rowAt(item.index)).filter((row): row is Row => row !== undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [items.map((i) => i.index).join(","), results.map((r) => r.dataUpdatedAt).join(",")],
  );
  const table = useReactTable({ data: visibleRows, columns, getCoreRowModel: getCoreRowModel(), getRowId: rowId });
  const byOriginal = new Map<Row, TableRow<Row>>(table.getRowModel().rows.map((r) => [r.original, r]));
  const tracks = [selection ? BOX_TRACK : "", ...table.getVisibleLeafColumns().map((c) => layout(c).width)].join(" ").trim();
  const realTop = scroller.current?.scrollTop ?? 0;
  const virtualTop = virtualizer.scrollOffset ?? 0;

  const toggleSort = (key: S) => {
    if (!onSortChange) return;
    if (sort?.key !== key) onSortChange({ key, descending: false });
    else if (!sort.descending) onSortChange({ key, descending: true });
    else onSortChange(null);
  };

  const nothing = count === 0 && results.every((r) => !r.isFetching);

  // The row the keyboard is on, and the table's one stop in the Tab order:
  // that row while it is drawn, else the first on screen (rows scrolled
  // away are not in the page to hold the focus).
  const [active, setActive] = useState(initialRow);
  const onScreen = virtualizer.range?.startIndex ?? first;
  const tabStop = items.some((item) => item.index === active) ? active : onScreen;
  // The row a key moved to: it takes the focus once it is drawn (after the scroll that brings it).
  const focusPending = useRef<number | null>(null);
  useEffect(() => {
    if (focusPending.current === null) return;
    const row = scroller.current?.querySelector<HTMLElement>(`[data-row-index="${focusPending.current}"]`);
    if (!row) return;
    focusPending.current = null;
    row.focus({ preventScroll: true });
  });

  // Ticking: the row last clicked anchors a Shift-click's span, whose rows
  // come from the pages cached for this table, or are read as the table would.
  const anchor = useRef<number | null>(null);
  const rowsBetween = async (from: number, to: number): Promise<Row[]> => {
    const rows: Row[] = [];
    for (let page = Math.floor(from / pageSize); page <= Math.floor(to / pageSize); page++) {
      const key = [...queryKey, page];
      const data =
        queries.getQueryData<Page<Row>>(key) ??
        (await queries.fetchQuery<Page<Row>>({ queryKey: key, queryFn: () => fetchPage(page * pageSize, pageSize), staleTime: 30_000 }));
      data.rows.forEach((row, i) => {
        const index = page * pageSize + i;
        if (index >= from && index <= to) rows.push(row);
      });
    }
    return rows;
  };
  const tickRow = (row: Row, index: number, shift: boolean) => {
    if (!selection) return;
    const on = !selection.has(row);
    const [from, to] = shift ? span(anchor.current, index) : [index, index];
    anchor.current = index;
    if (from === to) selection.set([row], on);
    else void rowsBetween(from, to).then((rows) => selection.set(rows, on));
  };
  const onRowKey = (press: KeyboardEvent<HTMLDivElement>) => {
    const target = press.target as HTMLElement;
    const rowElement = target.closest<HTMLElement>("[role=row]");
    if (!rowElement || !scroller.current?.contains(rowElement)) return;
    // The row that has the focus, which a render may not have told `active` yet.
    const at = Number(rowElement.dataset.rowIndex);
    const perPage = Math.floor((scroller.current.clientHeight || rowHeight) / rowHeight) - 1;
    const next = nextRow(press, at, count, perPage);
    if (next !== null) {
      press.preventDefault();
      setActive(next);
      focusPending.current = next;
      // Not the virtualizer's scrollToIndex: it bounds the place by the
      // element's own height, which a scaled table's is not (see scrollScale).
      const place = placeToShow(next, rowHeight, virtualizer.scrollOffset ?? 0, scroller.current.clientHeight);
      if (place !== null) scroller.current.scrollTop = place / scale.current;
      return;
    }
    // Enter and Space on a row's box are the box's own.
    const row = rowAt(at);
    if (target !== rowElement || !row) return;
    if (press.key === "Enter" && onRowClick) {
      press.preventDefault();
      onRowClick(row);
    } else if (press.key === " " && selection) {
      press.preventDefault();
      tickRow(row, at, press.shiftKey);
    }
  };
  const shownRows = [...pageData.values()].flatMap((page) => page.rows);
  const shownBox = selection ? headerBox(shownRows.map(selection.has)) : "none";

  return (
    <div className={styles.table} role="grid" aria-label={label} aria-rowcount={count} data-testid={testId}>
      {failure && <ErrorNotice error={failure} />}
      {table.getHeaderGroups().map((group) => (
        <div key={group.id} role="row" className={styles.header} style={{ gridTemplateColumns: tracks }}>
          {selection && (
            <div role="columnheader" className={styles.box}>
              <input
                type="checkbox"
                aria-label={selection.shownLabel}
                checked={shownBox === "all"}
                ref={(box) => {
                  if (box) box.indeterminate = shownBox === "some";
                }}
                disabled={shownRows.length === 0}
                onChange={() => selection.set(shownRows, shownBox !== "all")}
                data-testid="tick-shown"
              />
            </div>
          )}
          {group.headers.map((header) => {
            const { align, sortKey } = layout<S>(header.column);
            const sorted = sortKey && sort?.key === sortKey ? (sort.descending ? "descending" : "ascending") : "none";
            const content = flexRender(header.column.columnDef.header, header.getContext());
            return (
              <div key={header.id} role="columnheader" aria-sort={sortKey ? sorted : undefined} className={align === "end" ? styles.end : undefined}>
                {sortKey && onSortChange ? (
                  <button type="button" className={styles.sortButton} onClick={() => toggleSort(sortKey)} data-testid={`sort-${sortKey}`}>
                    {content}
                    <span aria-hidden="true" className={styles.sortMark}>
                      {sorted === "ascending" ? "▲" : sorted === "descending" ? "▼" : "↕"}
                    </span>
                  </button>
                ) : (
                  content
                )}
              </div>
            );
          })}
        </div>
      ))}
      <div ref={scroller} className={styles.scroller} onKeyDown={onRowKey} data-testid={testId ? `${testId}-scroller` : undefined}>
        {nothing ? (
          <div className={styles.empty}>{empty}</div>
        ) : (
          <div style={{ height: virtualizer.getTotalSize() / scale.current, position: "relative" }}>
            {items.map((item) => {
              const row = rowAt(item.index);
              const tableRow = row ? byOriginal.get(row) : undefined;
              const top = realTop + (item.start - virtualTop);
              return (
                <div
                  key={item.key}
                  role="row"
                  aria-rowindex={item.index + 1}
                  aria-selected={selection && row ? selection.has(row) : undefined}
                  tabIndex={item.index === tabStop ? 0 : -1}
                  className={[styles.row, onRowClick && row ? styles.clickable : "", selection && row && selection.has(row) ? styles.ticked : ""].join(" ")}
                  style={{ transform: `translateY(${top}px)`, height: rowHeight, gridTemplateColumns: tracks }}
                  onFocus={() => setActive(item.index)}
                  onClick={row && onRowClick ? () => onRowClick(row) : undefined}
                  data-testid={row ? "table-row" : "table-row-loading"}
                  data-row-index={item.index}
                  {...(row && rowProps ? rowProps(row) : {})}
                >
                  {selection && (
                    <div role="gridcell" className={styles.box} onClick={(e) => e.stopPropagation()}>
                      {row && (
                        <input
                          type="checkbox"
                          aria-label={selection.rowLabel(row)}
                          checked={selection.has(row)}
                          // Out of the Tab order, which has the table once: Space on the row ticks it.
                          tabIndex={-1}
                          onClick={(e) => tickRow(row, item.index, e.shiftKey)}
                          onChange={() => undefined}
                          data-testid="tick-row"
                        />
                      )}
                    </div>
                  )}
                  {tableRow
                    ? tableRow.getVisibleCells().map((cell) => (
                        <div key={cell.id} role="gridcell" className={layout(cell.column).align === "end" ? styles.end : undefined}>
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </div>
                      ))
                    : table.getVisibleLeafColumns().map((column) => (
                        <div key={column.id} role="gridcell" aria-label={t("table.loadingRow")}>
                          <span className={styles.skeleton} />
                        </div>
                      ))}
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * The pages a window of rows needs: those it shows, and the next once the
 * window is past the middle of its last page (so the rows are there before
 * they scroll in, and opening a table asks for one page), never one past
 * the `rows` the table has.
 */
export function pagesFor(first: number, last: number, pageSize: number, rows = Infinity): number[] {
  if (last < first || last < 0) return [];
  const from = Math.floor(Math.max(0, first) / pageSize);
  const shown = Math.floor(last / pageSize);
  const ahead = last % pageSize >= pageSize / 2 && (shown + 1) * pageSize < rows ? 1 : 0;
  return Array.from({ length: shown + ahead - from + 1 }, (_, i) => from + i);
}

/**
 * How many rows the table shows: the known total, corrected by what the
 * pages said (a page short of full with nothing after it ends the table);
 * without a total, what is loaded plus one page to scroll into.
 */
export function rowCount(
  total: number | null,
  loaded: ReadonlyMap<number, { rows: number; hasMore: boolean }>,
  pageSize: number,
): number {
  let end: number | null = null;
  let furthest = 0;
  for (const [page, info] of loaded) {
    const pageEnd = page * pageSize + info.rows;
    furthest = Math.max(furthest, info.hasMore ? pageEnd + pageSize : pageEnd);
    if (!info.hasMore) end = end === null ? pageEnd : Math.min(end, pageEnd);
  }
  if (end !== null) return total === null ? end : Math.min(total, end);
  return total ?? Math.max(furthest, loaded.size === 0 ? pageSize : 0);
}

/**
 * Browsers cannot lay out an element taller than some millions of pixels
 * (WebKit: about 33 million). Past a safe height the scroll area is drawn
 * shorter and scroll positions are scaled, so a million rows still scroll
 * end to end.
 */
export const MAX_SCROLL_HEIGHT = 8_000_000;

export function scrollScale(contentHeight: number): number {
  return contentHeight > MAX_SCROLL_HEIGHT ? contentHeight / MAX_SCROLL_HEIGHT : 1;
}

/** The parts of a key press that move among a table's rows. */
export type RowKey = Pick<KeyboardEvent, "key" | "altKey" | "metaKey">;

/**
 * The row a key moves the keyboard to, from row `active` of `count`, with
 * `perPage` rows on screen; `null` when the key does not move (then the
 * page keeps it). Up and Down go a row, Page Up and Page Down a screen,
 * Home and End (with Ctrl too, as the grid pattern has them) to the ends.
 */
export function nextRow(press: RowKey, active: number, count: number, perPage: number): number | null {
  if (count === 0 || press.altKey || press.metaKey) return null;
  const last = count - 1;
  const at = Math.min(Math.max(active, 0), last);
  switch (press.key) {
    case "ArrowDown":
      return Math.min(last, at + 1);
    case "ArrowUp":
      return Math.max(0, at - 1);
    case "PageDown":
      return Math.min(last, at + Math.max(1, perPage));
    case "PageUp":
      return Math.max(0, at - Math.max(1, perPage));
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return null;
  }
}

/**
 * Where to scroll (the top of the view, in the table's own pixels) to show
 * row `index` whole in a view `viewHeight` high now at `viewTop`, moving the
 * least; `null` when it is shown already.
 */
export function placeToShow(index: number, rowHeight: number, viewTop: number, viewHeight: number): number | null {
  const top = index * rowHeight;
  if (top < viewTop) return top;
  if (top + rowHeight > viewTop + viewHeight) return top + rowHeight - viewHeight;
  return null;
}

/** A plain table's rows to a screen, where the page has no measure of them. */
const PLAIN_PAGE = 10;

const FOCUSABLE = "button:not(:disabled), a[href], input:not(:disabled), select:not(:disabled), [tabindex]:not([tabindex='-1'])";

/** Where the arrow keys are the control's own: a text field, a drop-down, an editable area. */
function keysAreTheControls(target: HTMLElement): boolean {
  if (target.isContentEditable || target.tagName === "SELECT" || target.tagName === "TEXTAREA") return true;
  return target instanceof HTMLInputElement && target.type !== "checkbox";
}

/**
 * For a plain `<tbody>` whose rows each hold what opens them (a name's
 * button): the arrow keys move the focus to the same control a row up or
 * down (or its row's first), so the rows are walked as in the kit's
 * `DataTable`, and Enter opens the one reached. A key a control inside
 * already used (a menu's button opens its menu on Down) is left alone.
 */
export function moveAmongRows(event: { key: string; altKey: boolean; metaKey: boolean; target: EventTarget | null; currentTarget: EventTarget | null; defaultPrevented: boolean; preventDefault: () => void }) {
  const body = event.currentTarget;
  const target = event.target;
  if (event.defaultPrevented || !(body instanceof HTMLElement) || !(target instanceof HTMLElement) || keysAreTheControls(target)) return;
  const rows = [...body.children].filter((row): row is HTMLElement => row instanceof HTMLElement);
  const row = rows.find((r) => r.contains(target));
  if (!row) return;
  const next = nextRow(event, rows.indexOf(row), rows.length, PLAIN_PAGE);
  if (next === null) return;
  event.preventDefault();
  const place = [...row.querySelectorAll<HTMLElement>(FOCUSABLE)].indexOf(target);
  const there = [...rows[next].querySelectorAll<HTMLElement>(FOCUSABLE)];
  (there[Math.max(0, place)] ?? there[0])?.focus();
}

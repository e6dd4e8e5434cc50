import { useCallback, useMemo, useState } from "react";

/**
 * Rows ticked in a table: some rows, kept by id with the row as last
 * shown (a ticked row scrolled away still counts), or everything the
 * table's filter matches, which no page of the table holds.
 */
export type Ticked<Row> = { all: false; rows: ReadonlyMap<string, Row> } | { all: true };

/** Nothing ticked. */
export function nothing<Row>(): Ticked<Row> {
  return { all: false, rows: new Map<string, Row>() };
}

/** Ticks or unticks `rows`. Unticking any while everything is ticked unticks everything: which rows would stay is not known. */
export function tick<Row>(ticked: Ticked<Row>, rows: Row[], on: boolean, rowId: (row: Row) => string): Ticked<Row> {
  if (ticked.all) return on ? ticked : nothing();
  const next = new Map(ticked.rows);
  for (const row of rows) {
    if (on) next.set(rowId(row), row);
    else next.delete(rowId(row));
  }
  return { all: false, rows: next };
}

export function isTicked<Row>(ticked: Ticked<Row>, row: Row, rowId: (row: Row) => string): boolean {
  return ticked.all || ticked.rows.has(rowId(row));
}

/** How many are ticked: the rows, or all that match (`null` when that is not known). */
export function tickedCount<Row>(ticked: Ticked<Row>, matching: number | null): number | null {
  return ticked.all ? matching : ticked.rows.size;
}

/** The box over a table's rows: ticked when all shown rows are, mixed when some are. */
export function headerBox(shown: boolean[]): "all" | "some" | "none" {
  const on = shown.filter(Boolean).length;
  if (on === 0) return "none";
  return on === shown.length ? "all" : "some";
}

/** The rows a shift-click spans, from the row last clicked (`anchor`) to this one, both included. */
export function span(anchor: number | null, index: number): [number, number] {
  if (anchor === null) return [index, index];
  return anchor <= index ? [anchor, index] : [index, anchor];
}

/**
 * What is ticked in a table whose rows are `Row`s, starting again from
 * nothing whenever `resetKey` changes (another filter is other rows).
 */
export function useTicked<Row>(rowId: (row: Row) => string, resetKey: string) {
  const [state, setState] = useState<{ key: string; ticked: Ticked<Row> }>({ key: resetKey, ticked: nothing<Row>() });
  const ticked = state.key === resetKey ? state.ticked : nothing<Row>();
  const set = useCallback(
    (rows: Row[], on: boolean) =>
      setState((old) => ({ key: resetKey, ticked: tick(old.key === resetKey ? old.ticked : nothing<Row>(), rows, on, rowId) })),
    [resetKey, rowId],
  );
  const tickAll = useCallback(() => setState({ key: resetKey, ticked: { all: true } }), [resetKey]);
  const clear = useCallback(() => setState({ key: resetKey, ticked: nothing<Row>() }), [resetKey]);
  const has = useCallback((row: Row) => isTicked(ticked, row, rowId), [ticked, rowId]);
  return useMemo(() => ({ ticked, set, tickAll, clear, has }), [ticked, set, tickAll, clear, has]);
}

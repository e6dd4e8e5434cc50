import type { ReactNode } from "react";
import type { TableExport } from "../../ipc/bindings/TableExport";
import { moveAmongRows } from "../../kit/rowKeys";
import styles from "./Reports.module.css";

/** One column of a table of figures: its title, and each row's cell as shown and as exported. */
export interface FigureColumn<Row> {
  title: string;
  /** The cell as text: in the table unless `cell` says otherwise, and in the export. */
  text: (row: Row) => string;
  /** The cell as shown, when it is more than its text (a link, a second line). */
  cell?: (row: Row) => ReactNode;
  /** Figures are set to the end of their cells. */
  figure?: boolean;
  /** The cells' own style (a long address that may wrap). */
  className?: string;
  /** Exported as a plain number (a count), not as shown. */
  count?: boolean;
}

/** The table as a file holds it: the same columns, each written once. */
export function figuresExport<Row>(columns: FigureColumn<Row>[], rows: Row[]): TableExport {
  return {
    header: columns.map((c) => c.title),
    rows: rows.map((row) => columns.map((c) => c.text(row))),
    numericColumns: columns.flatMap((c, i) => (c.count ? [i] : [])),
  };
}

interface FigureTableProps<Row> {
  columns: FigureColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  testId: string;
  rowTestId?: string;
}

/** A table of figures, its rows walked with the arrow keys; its export is `figuresExport` of the same columns. */
export function FigureTable<Row>({ columns, rows, rowKey, testId, rowTestId }: FigureTableProps<Row>) {
  const figure = (c: FigureColumn<Row>) => (c.figure ? styles.num : undefined);
  return (
    <table className={styles.table} data-testid={testId}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.title} className={figure(c)}>
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody onKeyDown={moveAmongRows}>
        {rows.map((row) => (
          <tr key={rowKey(row)} data-testid={rowTestId}>
            {columns.map((c) => (
              <td key={c.title} className={[figure(c), c.className].filter(Boolean).join(" ") || undefined}>
                {c.cell ? c.cell(row) : c.text(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

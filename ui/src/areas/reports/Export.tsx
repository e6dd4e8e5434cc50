import type { ChartView } from "../../ipc/bindings/ChartView";
import type { TableExport } from "../../ipc/bindings/TableExport";
import { exportChart, exportTable } from "../../ipc/commands";
import { useT } from "../../i18n/I18n";
import { useExportNote, useSeparatorChoice } from "../../kit/ExportMenu";
import { Menu, type MenuChoice } from "../../kit/Menu";

/** Each format offered, and how it is saved (through the OS's save dialog; `null` when cancelled). */
type Formats = Record<string, () => Promise<number | null>>;

/** An "Export" menu: saves in the format picked, then says how much was written or what went wrong. */
function ExportMenu({ formats, choice, testId }: { formats: Formats; choice?: MenuChoice; testId: string }) {
  const t = useT();
  const note = useExportNote();
  const save = (run: () => Promise<number | null>) => run().then(note.saved).catch(note.failed);
  const items = Object.entries(formats).map(([label, run]) => ({
    label,
    onSelect: () => void save(run),
    testId: `export-${label.toLowerCase()}`,
  }));
  return <Menu label={t("reports.export")} shown testId={testId} items={items} choice={choice} />;
}

/** A chart as SVG (as drawn) or PNG. */
export function ChartExport({ chart, name }: { chart: ChartView; name: string }) {
  return (
    <ExportMenu
      testId="export-chart"
      formats={{ SVG: () => exportChart(name, chart.svg, "svg"), PNG: () => exportChart(name, chart.svg, "png") }}
    />
  );
}

/** A table as CSV (with the separator the reader's Excel expects) or XLSX. */
export function TableExportMenu({ table, name }: { table: TableExport; name: string }) {
  const { separator, choice } = useSeparatorChoice();
  return (
    <ExportMenu
      testId="export-table"
      formats={{ CSV: () => exportTable(name, table, { csv: separator }), XLSX: () => exportTable(name, table, "xlsx") }}
      choice={choice}
    />
  );
}

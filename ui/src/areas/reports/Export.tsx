import type { ChartView } from "../../ipc/bindings/ChartView";
import type { TableExport } from "../../ipc/bindings/TableExport";
import { exportChart, exportTable } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { explain } from "../../i18n/explain";
import { useFormat, useT } from "../../i18n/I18n";
import { Menu } from "../../kit/Menu";
import { useToast } from "../../kit/Toast";

/** Each format offered, and how it is saved (through the OS's save dialog; `null` when cancelled). */
type Formats = Record<string, () => Promise<number | null>>;

/** An "Export" menu: saves in the format picked, then says how much was written or what went wrong. */
function ExportMenu({ formats, testId }: { formats: Formats; testId: string }) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const save = (run: () => Promise<number | null>) =>
    run()
      .then((written) => written !== null && toast(t("reports.exported", { size: format.bytes(written) })))
      .catch((reason) => toast(explain(toDeskError(reason), t).title, "error"));
  const items = Object.entries(formats).map(([label, run]) => ({
    label,
    onSelect: () => void save(run),
    testId: `export-${label.toLowerCase()}`,
  }));
  return <Menu label={t("reports.export")} shown testId={testId} items={items} />;
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

/** A table as CSV or XLSX. */
export function TableExportMenu({ table, name }: { table: TableExport; name: string }) {
  return (
    <ExportMenu
      testId="export-table"
      formats={{ CSV: () => exportTable(name, table, "csv"), XLSX: () => exportTable(name, table, "xlsx") }}
    />
  );
}

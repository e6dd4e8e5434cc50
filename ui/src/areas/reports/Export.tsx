import type { ChartView } from "../../ipc/bindings/ChartView";
import type { TableExport } from "../../ipc/bindings/TableExport";
import { exportChart, exportTable } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { explain } from "../../i18n/explain";
import { useFormat, useT } from "../../i18n/I18n";
import { Menu } from "../../kit/Menu";
import { useToast } from "../../kit/Toast";

/** Saves through the OS's save dialog, then says where it went wrong or how much was written. */
function useSave() {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  return (save: () => Promise<bigint | number | null>) =>
    save()
      .then((written) => written !== null && toast(t("reports.exported", { size: format.bytes(Number(written)) })))
      .catch((reason) => toast(explain(toDeskError(reason), t).title, "error"));
}

/** A chart as SVG (as drawn) or PNG. */
export function ChartExport({ chart, name }: { chart: ChartView; name: string }) {
  const t = useT();
  const save = useSave();
  return (
    <Menu
      label={t("reports.export")}
      shown
      testId="export-chart"
      items={[
        { label: "SVG", onSelect: () => void save(() => exportChart(name, chart.svg, "svg")), testId: "export-svg" },
        { label: "PNG", onSelect: () => void save(() => exportChart(name, chart.svg, "png")), testId: "export-png" },
      ]}
    />
  );
}

/** A table as CSV or XLSX. */
export function TableExportMenu({ table, name }: { table: TableExport; name: string }) {
  const t = useT();
  const save = useSave();
  return (
    <Menu
      label={t("reports.export")}
      shown
      testId="export-table"
      items={[
        { label: "CSV", onSelect: () => void save(() => exportTable(name, table, "csv")), testId: "export-csv" },
        { label: "XLSX", onSelect: () => void save(() => exportTable(name, table, "xlsx")), testId: "export-xlsx" },
      ]}
    />
  );
}

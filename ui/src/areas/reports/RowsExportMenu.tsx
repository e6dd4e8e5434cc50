import type { RowsExport } from "../../ipc/bindings/RowsExport";
import type { TableFormat } from "../../ipc/bindings/TableFormat";
import { exportRows } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { explain } from "../../i18n/explain";
import { useFormat, useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { Menu } from "../../kit/Menu";
import { useToast } from "../../kit/Toast";
import { useProgress } from "../../kit/useProgress";
import { useSeparatorChoice } from "./Export";
import styles from "./Reports.module.css";

interface Props {
  campaignId: number;
  what: RowsExport;
  /** The columns' names, in the order `desk` writes them. */
  header: string[];
  /** The file's suggested name. */
  name: string;
}

/** Saves the whole report (every page, not just the rows on screen) as CSV or XLSX, with progress and cancel. */
export function RowsExportMenu({ campaignId, what, header, name }: Props) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const { progress, running, start, cancel } = useProgress();
  const { separator, choice } = useSeparatorChoice();
  const save = (kind: TableFormat) =>
    start((taskId, channel) => exportRows({ campaignId, what, header, name, format: kind }, taskId, channel))
      .then((written) => written !== null && toast(t("reports.exported", { size: format.bytes(written) })))
      .catch((reason) => {
        const error = toDeskError(reason);
        toast(explain(error, t).title, error.code === "cancelled" ? "success" : "error");
      });
  if (running && progress) {
    return (
      <div className={styles.exporting} data-testid="rows-export-progress">
        <progress max={progress.total ?? undefined} value={progress.total ? progress.done : undefined} />
        <span>
          {progress.total
            ? t("reports.rows.exporting", { done: format.count(progress.done), total: format.count(progress.total) })
            : t("reports.rows.exportingUnknown", { done: format.count(progress.done) })}
        </span>
        <Button variant="ghost" onClick={() => void cancel()} data-testid="rows-export-cancel">
          {t("common.cancel")}
        </Button>
      </div>
    );
  }
  return (
    <Menu
      label={t("reports.rows.export")}
      shown
      testId="rows-export"
      items={[
        { label: "CSV", onSelect: () => void save({ csv: separator }), testId: "rows-export-csv" },
        { label: "XLSX", onSelect: () => void save("xlsx"), testId: "rows-export-xlsx" },
      ]}
      choice={choice}
    />
  );
}

import type { RowsExport } from "../../ipc/bindings/RowsExport";
import { exportRows } from "../../ipc/commands";
import { useT } from "../../i18n/I18n";
import { StreamedExportMenu } from "../../kit/ExportMenu";

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
  return (
    <StreamedExportMenu
      label={t("reports.rows.export")}
      testId="rows-export"
      run={(format, taskId, channel) => exportRows({ campaignId, what, header, name, format }, taskId, channel)}
    />
  );
}

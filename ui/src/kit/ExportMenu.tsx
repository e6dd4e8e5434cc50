import type { Channel } from "@tauri-apps/api/core";
import type { Progress } from "../ipc/bindings/Progress";
import type { TableFormat } from "../ipc/bindings/TableFormat";
import { toDeskError } from "../ipc/errors";
import { explain } from "../i18n/explain";
import { useFormat, useLocale, useT, type MessageKey, type MessageValues } from "../i18n/I18n";
import { useCsvSeparator } from "./csvSeparator";
import { Menu, type MenuChoice } from "./Menu";
import { usePaletteActions } from "./palette";
import { useToast } from "./Toast";
import { useProgress } from "./useProgress";
import { WorkProgress } from "./WorkProgress";

/** The CSV separator as a choice in an export menu, and the separator chosen. */
export function useSeparatorChoice() {
  const t = useT();
  const { locale } = useLocale();
  const [separator, choose] = useCsvSeparator(locale);
  const choice: MenuChoice = {
    label: t("export.csv.separator"),
    value: separator,
    options: [
      { value: "semicolon", label: t("export.csv.semicolon"), testId: "csv-semicolon" },
      { value: "comma", label: t("export.csv.comma"), testId: "csv-comma" },
    ],
    onChange: (value) => choose(value === "comma" ? "comma" : "semicolon"),
  };
  return { separator, choice };
}

/** Says how much an export wrote, or what went wrong (a cancel is no failure). */
export function useExportNote() {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  return {
    saved: (written: number | null) => written !== null && toast(t("export.saved", { size: format.bytes(written) })),
    failed: (reason: unknown) => {
      const error = toDeskError(reason);
      toast(explain(error, t).title, error.code === "cancelled" ? "success" : "error");
    },
  };
}

/** Rows written so far, of how many when known. */
export function useRowsSaid() {
  const t = useT();
  return (progress: Progress) =>
    progress.total ? t("export.rows", { done: progress.done, total: progress.total }) : t("export.rowsUnknown", { done: progress.done });
}

interface StreamedExportProps {
  label: string;
  /** The menu's test hook; its items are `${testId}-csv` and `${testId}-xlsx`, its progress `${testId}-progress`. */
  testId: string;
  /** Starts the export in `format` as task `taskId`, its progress on `channel`; `null` when the save dialog was cancelled. */
  run: (format: TableFormat, taskId: string, channel: Channel<Progress>) => Promise<number | null>;
  /** Offers the export in the command palette too, as CSV and as XLSX: `<id>-csv`, `<id>-xlsx`. */
  palette?: { id: string; label: MessageKey; values?: MessageValues };
}

/**
 * An export too long to hold in the page: `desk` reads and writes it page
 * by page into the file the user picks, as CSV (with the separator the
 * reader's Excel expects) or XLSX; the menu turns into its progress, with
 * Cancel, until it is done.
 */
export function StreamedExportMenu({ label, testId, run, palette }: StreamedExportProps) {
  const { progress, running, start, cancel } = useProgress();
  const { separator, choice } = useSeparatorChoice();
  const note = useExportNote();
  const said = useRowsSaid();
  const save = (format: TableFormat) =>
    start((taskId, channel) => run(format, taskId, channel))
      .then(note.saved)
      .catch(note.failed);
  const offered = palette && !running;
  usePaletteActions([
    offered && { id: `${palette.id}-csv`, label: palette.label, values: palette.values, detail: "CSV", run: () => void save({ csv: separator }) },
    offered && { id: `${palette.id}-xlsx`, label: palette.label, values: palette.values, detail: "XLSX", run: () => void save("xlsx") },
  ], { later: true });
  if (running && progress) {
    return <WorkProgress progress={progress} said={said(progress)} onCancel={() => void cancel()} testId={`${testId}-progress`} />;
  }
  return (
    <Menu
      label={label}
      shown
      testId={testId}
      items={[
        { label: "CSV", onSelect: () => void save({ csv: separator }), testId: `${testId}-csv` },
        { label: "XLSX", onSelect: () => void save("xlsx"), testId: `${testId}-xlsx` },
      ]}
      choice={choice}
    />
  );
}

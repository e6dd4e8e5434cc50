import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { ErrorsOf } from "../../ipc/bindings/ErrorsOf";
import type { ImportRecord } from "../../ipc/bindings/ImportRecord";
import type { Reason } from "../../ipc/bindings/Reason";
import { listImportsQuery, pauseImport, useCancelImport, useSaveImportErrors } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { useFormat, useLocale, useT } from "../../i18n/I18n";
import { ConfirmDialog } from "../../kit/ActionDialog";
import { Button } from "../../kit/Button";
import { useCsvSeparator } from "../../kit/csvSeparator";
import { Dialog } from "../../kit/Dialog";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { useToast } from "../../kit/Toast";
import own from "./ImportDialog.module.css";
import type { ImportRunState } from "./importRun";

/** Every reason a row is not sent, in the order the checks name them. */
export const REASONS: Reason[] = ["missing_address", "invalid_address", "duplicate", "typo_domain", "role_address", "unsubscribed", "complained", "refused"];

/** The row error file, in the user's Excel dialect, where they pick. */
export function SaveErrors({ of, fileName }: { of: ErrorsOf; fileName: string }) {
  const t = useT();
  const toast = useToast();
  const { locale } = useLocale();
  const [separator] = useCsvSeparator(locale);
  const save = useSaveImportErrors();
  const reasons = Object.fromEntries(REASONS.map((r) => [r, t(`import.reason.${r}`)]));
  const words = { name: t("import.errors.name", { file: fileName.replace(/\.[^.]+$/, "") }), row: t("import.errors.row"), reason: t("import.errors.reason"), detail: t("import.errors.detail"), reasons };
  return (
    <div className={own.errors}>
      <Button
        onClick={() => void save.mutateAsync({ of, words, separator }).then((count) => count !== null && toast(t("import.errors.saved", { count })))}
        disabled={save.isPending}
        data-testid="import-save-errors"
      >
        {t("import.errors.save")}
      </Button>
      {save.error && <ErrorNotice error={toDeskError(save.error)} />}
    </div>
  );
}

/** An import on its way (progress, rows per second, time left, pause, cancel), then its report. */
export function ImportRun({ listName, pickedName, run, onClose }: { listName: string; pickedName: string | null; run: ImportRunState; onClose: () => void }) {
  const { record, setRecord, progress, running } = run;
  const t = useT();
  const format = useFormat();
  const cancel = useCancelImport();
  const [asking, setAsking] = useState(false);
  const [pausing, setPausing] = useState(false);
  // Running in the background (opened from the list's banner): its figures as the list reads them.
  const background = record?.status === "running" && !running;
  const live = useQuery({ ...listImportsQuery(record?.listId ?? null), enabled: background, refetchInterval: 1000 });
  const fresh = live.data?.find((r) => r.id === record?.id);
  useEffect(() => {
    if (fresh && record && fresh.status !== record.status) setRecord(fresh);
  }, [fresh, record, setRecord]);
  const shown = progress ?? fresh?.progress ?? record?.progress ?? null;
  const going = running || record?.status === "running";
  const importId = record?.id ?? progress?.importId ?? null;
  const fileName = record?.fileName ?? pickedName ?? "";
  useEffect(() => {
    if (!going) setPausing(false);
  }, [going]);
  if (asking && importId) {
    return (
      <ConfirmDialog
        title={t("import.cancel.title", { file: fileName })}
        confirmLabel={t("import.cancel.confirm")}
        onConfirm={async () => {
          await cancel.mutateAsync({ importId });
          if (record) setRecord({ ...record, status: "cancelled" });
        }}
        onClose={() => setAsking(false)}
      >
        <p>{t("import.cancel.what", { sent: shown?.sent ?? 0 })}</p>
      </ConfirmDialog>
    );
  }
  const done = (shown?.sent ?? 0) + (shown?.refused ?? 0);
  // Unknown for the moment the file takes to count, beside the first batches.
  const total = shown?.toSend ?? null;
  const status = going ? "running" : record?.status;
  const title = going ? t("import.running.title", { file: fileName || listName }) : status === "finished" ? t("import.report.finished") : status === "cancelled" ? t("import.report.cancelled") : t("import.report.stopped");
  return (
    <Dialog
      title={title}
      onClose={onClose}
      busy={false}
      closeLabel={going ? t("import.hide") : undefined}
      error={run.failure}
      action={status === "stopped" && !going ? { label: t("import.resume"), busyLabel: t("import.resume"), testId: "import-resume", run: () => void (record && run.resume(record)) } : undefined}
    >
      <div className={own.run} data-testid="import-run" data-status={status}>
        <p className={own.note}>{listName}</p>
        {total === null ? <progress className={own.bar} data-testid="import-progress" /> : <progress className={own.bar} max={Math.max(total, 1)} value={done} data-testid="import-progress" />}
        <p className={own.figures}>
          <span data-testid="import-done">{total === null ? t("import.running.counting", { done: format.count(done) }) : t("import.running.progress", { done: format.count(done), total: format.count(total) })}</span>
          {going && shown?.rowsPerSecond != null && <span>{t("import.running.rate", { rate: format.count(Math.round(shown.rowsPerSecond)) })}</span>}
          {going && shown?.secondsLeft != null && <span>{t("import.running.left", { time: format.duration(shown.secondsLeft) })}</span>}
        </p>
        {going && shown?.waiting != null && <p className={own.note}>{t("import.running.waiting", { seconds: shown.waiting })}</p>}
        {going && (
          <div className={own.controls}>
            <Button
              onClick={() => {
                setPausing(true);
                if (importId) void pauseImport(importId);
              }}
              disabled={pausing || !importId}
              data-testid="import-pause"
            >
              {pausing ? t("import.pausing") : t("import.pause")}
            </Button>
            <Button variant="danger" onClick={() => setAsking(true)} disabled={!importId} data-testid="import-cancel">
              {t("import.cancel")}
            </Button>
          </div>
        )}
        {going && <p className={own.note}>{t("import.running.background")}</p>}
        {!going && record && <Report record={record} />}
        {!going && status === "stopped" && <p className={own.note}>{t("import.report.stoppedHint")}</p>}
        {!going && record && ((record.skipped ?? 0) > 0 || record.progress.refused > 0) && <SaveErrors of={{ of: "import", importId: record.id }} fileName={record.fileName} />}
      </div>
    </Dialog>
  );
}

function Report({ record }: { record: ImportRecord }) {
  const t = useT();
  const format = useFormat();
  const sent = record.progress.sent;
  return (
    <ul className={own.counts} data-testid="import-report">
      <li data-testid="import-report-sent">{t("import.report.sent", { count: format.count(sent) })}</li>
      {record.added !== null && <li data-testid="import-report-added">{t("import.report.added", { count: format.count(record.added) })}</li>}
      {record.added !== null && <li>{t("import.report.already", { count: format.count(Math.max(0, sent - record.added)) })}</li>}
      {record.skipped !== null && <li data-testid="import-report-skipped">{t("import.report.skipped", { count: format.count(record.skipped) })}</li>}
      {record.progress.refused > 0 && <li>{t("import.report.refused", { count: format.count(record.progress.refused) })}</li>}
    </ul>
  );
}

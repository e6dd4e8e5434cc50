import { useQuery } from "@tanstack/react-query";
import { Channel } from "@tauri-apps/api/core";
import { useEffect, useState } from "react";
import type { ColumnUse } from "../../ipc/bindings/ColumnUse";
import type { DeskError } from "../../ipc/bindings/DeskError";
import type { ErrorsOf } from "../../ipc/bindings/ErrorsOf";
import type { FieldView } from "../../ipc/bindings/FieldView";
import type { ImportPlan } from "../../ipc/bindings/ImportPlan";
import type { ImportPreview } from "../../ipc/bindings/ImportPreview";
import type { ImportProgress } from "../../ipc/bindings/ImportProgress";
import type { ImportRecord } from "../../ipc/bindings/ImportRecord";
import type { PickedFile } from "../../ipc/bindings/PickedFile";
import type { Reason } from "../../ipc/bindings/Reason";
import { inspectImportQuery, listImports, listImportsQuery, pauseImport, useCancelImport, usePickImportFile, useResumeImport, useSaveImportErrors, useStartImport } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { useFormat, useLocale, useT } from "../../i18n/I18n";
import { ConfirmDialog } from "../../kit/ActionDialog";
import { Button } from "../../kit/Button";
import { useCsvSeparator } from "../../kit/csvSeparator";
import { Dialog } from "../../kit/Dialog";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { useToast } from "../../kit/Toast";
import { AddressImport } from "./AddressImport";
import own from "./ImportDialog.module.css";
import { countsByReason, planFor, toSend, keyOfUse, withUse, type Decisions } from "./importPlan";

const REASONS: Reason[] = ["missing_address", "invalid_address", "duplicate", "typo_domain", "role_address", "unsubscribed", "complained", "refused"];

/** A file's import into a list: picked, checked and mapped, then sent with progress, pause and cancel, and its report. */
export function ImportDialog({ listId, listName, fields, resume, onClose }: { listId: number; listName: string; fields: FieldView[]; resume?: ImportRecord; onClose: () => void }) {
  const t = useT();
  const pick = usePickImportFile();
  const [file, setFile] = useState<PickedFile | null>(null);
  const [byAddress, setByAddress] = useState(false);
  const [record, setRecord] = useState<ImportRecord | null>(resume ?? null);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [failure, setFailure] = useState<DeskError | null>(null);
  const start = useStartImport();
  const begin = async (plan: ImportPlan) => {
    const channel = new Channel<ImportProgress>();
    let id: string | null = null;
    channel.onmessage = (update) => {
      id = update.importId;
      setProgress(update);
    };
    setRunning(true);
    try {
      setRecord(await start.mutateAsync({ plan, onProgress: channel }));
    } catch (error) {
      // Stopped on the way: the journal keeps it, to resume from here.
      setFailure(toDeskError(error));
      const started = id ? (await listImports(listId)).find((r) => r.id === id) : undefined;
      if (started) setRecord(started);
    } finally {
      setRunning(false);
    }
  };
  if (record || (running && progress)) {
    return <ImportRun listName={listName} pickedName={file?.name ?? null} record={record} setRecord={setRecord} progress={progress} setProgress={setProgress} running={running} setRunning={setRunning} failure={failure} onClose={onClose} />;
  }
  if (byAddress) return <AddressImport listId={listId} listName={listName} onClose={onClose} />;
  if (file) return <ImportReview listId={listId} listName={listName} fields={fields} file={file} starting={running} failure={failure} onStart={(plan) => void begin(plan)} onClose={onClose} />;
  return (
    <Dialog
      title={t("import.title", { list: listName })}
      onClose={onClose}
      busy={pick.isPending}
      error={pick.error ? toDeskError(pick.error) : null}
      action={{
        label: t("import.choose.pick"),
        busyLabel: t("import.choose.picking"),
        testId: "import-pick",
        run: () => void pick.mutateAsync().then((picked) => picked && setFile(picked)),
      }}
      other={{ label: t("import.address.open"), busyLabel: t("import.address.open"), testId: "import-by-address", run: () => setByAddress(true) }}
    >
      <p className={own.intro}>{t("import.choose.intro")}</p>
    </Dialog>
  );
}

/** The picked file as checked: its columns mapped, its problems counted and listed, the choices about them. */
function ImportReview({ listId, listName, fields, file, starting, failure, onStart, onClose }: {
  listId: number; listName: string; fields: FieldView[]; file: PickedFile;
  starting: boolean; failure: DeskError | null; onStart: (plan: ImportPlan) => void; onClose: () => void;
}) {
  const t = useT();
  const preview = useQuery(inspectImportQuery(listId, file.fileId));
  const [uses, setUses] = useState<ColumnUse[] | null>(null);
  const [header, setHeader] = useState<boolean | null>(null);
  const [decisions, setDecisions] = useState<Decisions>({ fixTypos: true, keepRoles: false, updateExisting: false });
  const data = preview.data;
  if (!data) {
    return (
      <Dialog title={t("import.title", { list: listName })} onClose={onClose} busy={false} error={preview.error ? toDeskError(preview.error) : null}>
        {!preview.error && <p className={own.intro} data-testid="import-checking">{t("import.checking", { file: file.name })}</p>}
      </Dialog>
    );
  }
  const columns = uses ?? data.columns.map((c) => c.suggested);
  const plan = planFor(listId, file.fileId, header ?? data.header, columns, decisions);
  const count = toSend(data, decisions);
  return (
    <Dialog
      large
      title={t("import.title", { list: listName })}
      onClose={onClose}
      busy={starting}
      error={failure}
      action={{ label: t("import.start", { count }), busyLabel: t("import.starting"), testId: "import-start", run: () => onStart(plan) }}
    >
      <p className={own.summary} data-testid="import-summary">
        {t("import.file.summary", { file: data.file.name, rows: data.rows, encoding: data.encoding, delimiter: data.delimiter ?? "none" })}
      </p>
      <label className={own.check}>
        <input type="checkbox" checked={header ?? data.header} onChange={(e) => setHeader(e.target.checked)} data-testid="import-header" />
        {t("import.file.header")}
      </label>
      <ColumnTable preview={data} fields={fields} uses={columns} setUse={(i, use) => setUses(withUse(columns, i, use))} />
      <Checks preview={data} decisions={decisions} setDecisions={setDecisions} plan={plan} fileName={data.file.name} />
    </Dialog>
  );
}

function ColumnTable({ preview, fields, uses, setUse }: { preview: ImportPreview; fields: FieldView[]; uses: ColumnUse[]; setUse: (column: number, use: ColumnUse) => void }) {
  const t = useT();
  const options: { key: string; label: string; use: ColumnUse }[] = [
    { key: "address", label: t("import.use.address"), use: { to: "address" } },
    ...fields.map((f) => ({ key: `field-${f.id}`, label: `${f.title} (%${f.tag}%)`, use: { to: "field", fieldId: f.id } as ColumnUse })),
    { key: "skip", label: t("import.use.skip"), use: { to: "skip" } },
  ];
  return (
    <section>
      <h3 className={own.heading}>{t("import.columns.title")}</h3>
      <div className={own.scroll}>
        <table className={own.table} data-testid="import-columns">
          <thead>
            <tr>
              {preview.columns.map((c, i) => (
                <th key={i}>{c.name || t("import.columns.column", { n: i + 1 })}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              {preview.columns.map((c, i) => {
                const use = uses[i];
                const title = use.to === "newField" ? use.title : c.name?.trim();
                const own_ = title ? [{ key: keyOfUse({ to: "newField", title }), label: t("import.use.newField", { title }), use: { to: "newField", title } as ColumnUse }] : [];
                const all = [...options, ...own_];
                const current = all.find((o) => keyOfUse(o.use) === keyOfUse(use))?.key ?? "skip";
                return (
                  <td key={i}>
                    <select
                      value={current}
                      aria-label={t("import.columns.goesTo")}
                      onChange={(e) => setUse(i, all.find((o) => o.key === e.target.value)?.use ?? { to: "skip" })}
                      data-testid={`import-column-${i}`}
                    >
                      {all.map((o) => (
                        <option key={o.key} value={o.key}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                  </td>
                );
              })}
            </tr>
            {preview.sample.map((row, r) => (
              <tr key={r} className={own.sample}>
                {preview.columns.map((_, i) => (
                  <td key={i}>{row[i] ?? ""}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Checks({ preview, decisions, setDecisions, plan, fileName }: {
  preview: ImportPreview; decisions: Decisions; setDecisions: (d: Decisions) => void; plan: ReturnType<typeof planFor>; fileName: string;
}) {
  const t = useT();
  const counts = countsByReason(preview.counts);
  const shown = REASONS.filter((r) => counts[r] > 0);
  return (
    <section>
      <h3 className={own.heading}>{t("import.checks.title")}</h3>
      {shown.length === 0 ? (
        <p className={own.note} data-testid="import-clean">{t("import.checks.clean")}</p>
      ) : (
        <>
          <ul className={own.counts} data-testid="import-problem-counts">
            {shown.map((r) => (
              <li key={r} data-reason={r}>
                {t("import.checks.count", { reason: t(`import.reason.${r}`), count: counts[r] })}
              </li>
            ))}
          </ul>
          {counts.typo_domain > 0 && (
            <label className={own.check}>
              <input type="checkbox" checked={decisions.fixTypos} onChange={(e) => setDecisions({ ...decisions, fixTypos: e.target.checked })} data-testid="import-fix-typos" />
              {t("import.choice.fixTypos", { count: counts.typo_domain })}
            </label>
          )}
          {counts.role_address > 0 && (
            <label className={own.check}>
              <input type="checkbox" checked={decisions.keepRoles} onChange={(e) => setDecisions({ ...decisions, keepRoles: e.target.checked })} data-testid="import-keep-roles" />
              {t("import.choice.keepRoles", { count: counts.role_address })}
            </label>
          )}
          <p className={own.note}>{t("import.checks.skipped")}</p>
          <ProblemTable preview={preview} />
          <SaveErrors of={{ of: "plan", plan }} fileName={fileName} />
        </>
      )}
      <label className={own.check}>
        <input type="checkbox" checked={decisions.updateExisting} onChange={(e) => setDecisions({ ...decisions, updateExisting: e.target.checked })} data-testid="import-update" />
        {t("import.choice.updateExisting")}
      </label>
    </section>
  );
}

function ProblemTable({ preview }: { preview: ImportPreview }) {
  const t = useT();
  return (
    <div className={own.scroll}>
      <table className={own.table} data-testid="import-problems">
        <thead>
          <tr>
            <th>{t("import.problems.row")}</th>
            <th>{t("import.problems.address")}</th>
            <th>{t("import.problems.reason")}</th>
          </tr>
        </thead>
        <tbody>
          {preview.problems.map((p) => (
            <tr key={p.row} data-testid="import-problem" data-row={p.row} data-reason={p.reason}>
              <td>{p.row}</td>
              <td>{p.address}</td>
              <td>
                {t(`import.reason.${p.reason}`)}
                {p.suggestion && <span className={own.fix}> · {t("import.problems.fix", { suggestion: p.suggestion })}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The row error file, in the user's Excel dialect, where they pick. */
function SaveErrors({ of, fileName }: { of: ErrorsOf; fileName: string }) {
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
function ImportRun({ listName, pickedName, record, setRecord, progress, setProgress, running, setRunning, failure, onClose }: {
  listName: string; pickedName: string | null; record: ImportRecord | null; setRecord: (r: ImportRecord) => void;
  progress: ImportProgress | null; setProgress: (p: ImportProgress) => void;
  running: boolean; setRunning: (r: boolean) => void; failure: DeskError | null; onClose: () => void;
}) {
  const t = useT();
  const format = useFormat();
  const resume = useResumeImport();
  const cancel = useCancelImport();
  const [error, setError] = useState<DeskError | null>(failure);
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
  const going = running || resume.isPending || record?.status === "running";
  const importId = record?.id ?? progress?.importId ?? null;
  const fileName = record?.fileName ?? pickedName ?? "";
  useEffect(() => {
    if (!going) setPausing(false);
  }, [going]);
  const goOn = async () => {
    if (!record) return;
    const channel = new Channel<ImportProgress>();
    channel.onmessage = setProgress;
    setError(null);
    setRunning(true);
    try {
      setRecord(await resume.mutateAsync({ importId: record.id, onProgress: channel }));
    } catch (e) {
      setError(toDeskError(e));
    } finally {
      setRunning(false);
    }
  };
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
  const total = shown?.toSend ?? 0;
  const status = going ? "running" : record?.status;
  const title = going ? t("import.running.title", { file: fileName || listName }) : status === "finished" ? t("import.report.finished") : status === "cancelled" ? t("import.report.cancelled") : t("import.report.stopped");
  return (
    <Dialog
      title={title}
      onClose={onClose}
      busy={false}
      closeLabel={going ? t("import.hide") : undefined}
      error={error}
      action={status === "stopped" && !going ? { label: t("import.resume"), busyLabel: t("import.resume"), testId: "import-resume", run: () => void goOn() } : undefined}
    >
      <div className={own.run} data-testid="import-run" data-status={status}>
        <p className={own.note}>{listName}</p>
        <progress className={own.bar} max={Math.max(total, 1)} value={done} data-testid="import-progress" />
        <p className={own.figures}>
          <span data-testid="import-done">{t("import.running.progress", { done: format.count(done), total: format.count(total) })}</span>
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
        {!going && record && (record.skipped > 0 || record.progress.refused > 0) && <SaveErrors of={{ of: "import", importId: record.id }} fileName={record.fileName} />}
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
      <li data-testid="import-report-skipped">{t("import.report.skipped", { count: format.count(record.skipped) })}</li>
      {record.progress.refused > 0 && <li>{t("import.report.refused", { count: format.count(record.progress.refused) })}</li>}
    </ul>
  );
}

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ColumnUse } from "../../ipc/bindings/ColumnUse";
import type { DeskError } from "../../ipc/bindings/DeskError";
import type { FieldView } from "../../ipc/bindings/FieldView";
import type { ImportPlan } from "../../ipc/bindings/ImportPlan";
import type { ImportPreview } from "../../ipc/bindings/ImportPreview";
import type { ImportRecord } from "../../ipc/bindings/ImportRecord";
import type { PickedFile } from "../../ipc/bindings/PickedFile";
import type { Reading } from "../../ipc/bindings/Reading";
import type { SlashOrder } from "../../ipc/bindings/SlashOrder";
import { inspectImportQuery, usePickImportFile } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { useT } from "../../i18n/I18n";
import { Dialog } from "../../kit/Dialog";
import { AddressImport } from "./AddressImport";
import { DateOrderQuestion } from "./DateOrderQuestion";
import { datesOf, slashOrders } from "./importDates";
import { ImportReading } from "./ImportReading";
import { ImportRun, REASONS, SaveErrors } from "./ImportRun";
import own from "./ImportDialog.module.css";
import { useImportRun } from "./importRun";
import { PlanRoom } from "../../app/PlanRoom";
import { countsByReason, planFor, toSend, keyOfUse, withUse, type Decisions } from "./importPlan";


/** A file's import into a list: picked (or dropped onto the window), checked and mapped, then sent with progress, pause and cancel, and its report. */
export function ImportDialog({ listId, listName, fields, resume, dropped, onClose }: { listId: number; listName: string; fields: FieldView[]; resume?: ImportRecord; dropped?: PickedFile; onClose: () => void }) {
  const t = useT();
  const pick = usePickImportFile();
  // A file dropped onto the window comes picked already.
  const [file, setFile] = useState<PickedFile | null>(dropped ?? null);
  const [byAddress, setByAddress] = useState(false);
  const run = useImportRun(listId, resume ?? null);
  if (run.record || (run.running && run.progress)) {
    return <ImportRun listName={listName} pickedName={file?.name ?? null} run={run} onClose={onClose} />;
  }
  if (byAddress) return <AddressImport listId={listId} listName={listName} onClose={onClose} />;
  if (file) return <ImportReview listId={listId} listName={listName} fields={fields} file={file} starting={run.running} failure={run.failure} onStart={(plan) => void run.start(plan)} onClose={onClose} />;
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
  const [reading, setReading] = useState<Reading>({});
  // Read again as corrected, the last preview shown meanwhile.
  const preview = useQuery({ ...inspectImportQuery(listId, file.fileId, reading), placeholderData: keepPreviousData });
  const [uses, setUses] = useState<ColumnUse[] | null>(null);
  const [answers, setAnswers] = useState<Record<number, SlashOrder>>({});
  const [startAsked, setStartAsked] = useState(false);
  const [decisions, setDecisions] = useState<Decisions>({ fixTypos: true, keepRoles: false, updateExisting: false });
  const data = preview.data;
  if (!data) {
    return (
      <Dialog title={t("import.title", { list: listName })} onClose={onClose} busy={false} error={preview.error ? toDeskError(preview.error) : null}>
        {!preview.error && <p className={own.intro} data-testid="import-checking">{t("import.checking", { file: file.name })}</p>}
      </Dialog>
    );
  }
  const columns = uses?.length === data.columns.length ? uses : data.columns.map((c) => c.suggested);
  const dates = datesOf(data, fields, columns);
  const orders = slashOrders(dates, answers);
  const plan = planFor(listId, file.fileId, data.header, columns, decisions, { ...data.reading, dateFields: dates.dateFields, slashOrders: orders ?? {} });
  const count = toSend(data, decisions);
  const unanswered = orders === null;
  return (
    <Dialog
      large
      title={t("import.title", { list: listName })}
      onClose={onClose}
      busy={starting}
      error={failure ?? (preview.error ? toDeskError(preview.error) : null)}
      action={{ label: t("import.start", { count }), busyLabel: t("import.starting"), testId: "import-start", run: () => (unanswered ? setStartAsked(true) : onStart(plan)) }}
    >
      <p className={own.summary} data-testid="import-summary">
        {t("import.file.summary", { file: data.file.name, rows: data.rows, encoding: data.encoding, delimiter: data.delimiter ?? "none" })}
      </p>
      <PlanRoom kind="subscribers" needed={count} />
      <ImportReading preview={data} reading={reading} onChange={(next) => { setReading(next); setUses(null); }} />
      <ColumnTable preview={data} fields={fields} uses={columns} setUse={(i, use) => setUses(withUse(columns, i, use))} />
      {dates.ask.map((question) => (
        <DateOrderQuestion
          key={question.fieldId}
          question={question}
          answer={answers[question.fieldId] ?? null}
          onAnswer={(order) => setAnswers({ ...answers, [question.fieldId]: order })}
          unanswered={startAsked && answers[question.fieldId] === undefined}
        />
      ))}
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

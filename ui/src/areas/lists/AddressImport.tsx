import { Channel } from "@tauri-apps/api/core";
import { useState } from "react";
import type { DeskError } from "../../ipc/bindings/DeskError";
import type { ServiceImport } from "../../ipc/bindings/ServiceImport";
import { useImportFromAddress } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { useFormat, useT } from "../../i18n/I18n";
import { Dialog } from "../../kit/Dialog";
import { TextField } from "../../kit/Field";
import own from "./ImportDialog.module.css";

/** The service's own import of a file at a web address, followed to its end: its state as the service reports it, then its figures. */
export function AddressImport({ listId, listName, onClose }: { listId: number; listName: string; onClose: () => void }) {
  const t = useT();
  const run = useImportFromAddress();
  const [url, setUrl] = useState("");
  const [column, setColumn] = useState("1");
  const [update, setUpdate] = useState(false);
  const [seen, setSeen] = useState<ServiceImport | null>(null);
  const [error, setError] = useState<DeskError | null>(null);
  const start = async () => {
    const channel = new Channel<ServiceImport>();
    channel.onmessage = setSeen;
    setError(null);
    try {
      setSeen(await run.mutateAsync({ listId, form: { url, emailColumn: Math.max(0, Number(column) || 0), updateExisting: update }, onProgress: channel }));
    } catch (e) {
      setError(toDeskError(e));
    }
  };
  const ended = seen && (seen.status === "done" || seen.status === "failed");
  return (
    <Dialog
      title={t("import.address.title", { list: listName })}
      onClose={onClose}
      busy={false}
      closeLabel={run.isPending ? t("import.hide") : undefined}
      error={error}
      action={ended ? undefined : { label: t("import.address.start"), busyLabel: t("import.address.following"), testId: "import-address-start", run: () => void start() }}
    >
      {!seen && (
        <fieldset disabled={run.isPending} className={own.fieldset}>
          <p className={own.intro}>{t("import.address.intro")}</p>
          <TextField label={t("field.importUrl")} value={url} onChange={setUrl} placeholder="https://" autoFocus data-testid="import-address-url" />
          <TextField label={t("field.importColumn")} value={column} onChange={setColumn} inputMode="numeric" hint={t("import.address.columnHint")} data-testid="import-address-column" />
          <label className={own.check}>
            <input type="checkbox" checked={update} onChange={(e) => setUpdate(e.target.checked)} />
            {t("import.choice.updateExisting")}
          </label>
        </fieldset>
      )}
      {seen && <ServiceImportFigures seen={seen} />}
    </Dialog>
  );
}

/** An import of the service's own: its state and figures. */
export function ServiceImportFigures({ seen }: { seen: ServiceImport }) {
  const t = useT();
  const format = useFormat();
  return (
    <div data-testid="import-address-state" data-status={seen.status}>
      <p className={own.summary}>{t(`import.service.${seen.status}`)}</p>
      <ul className={own.counts}>
        <li>{t("import.service.added", { count: format.count(seen.added) })}</li>
        <li>{t("import.service.updated", { count: format.count(seen.updated) })}</li>
        <li>{t("import.service.skipped", { count: format.count(seen.skipped + seen.invalid) })}</li>
      </ul>
      {seen.error && <p className={own.note}>{seen.error}</p>}
    </div>
  );
}

import { useQuery } from "@tanstack/react-query";
import type { ImportRecord } from "../../ipc/bindings/ImportRecord";
import { listImportsQuery } from "../../ipc/commands";
import { useFormat, useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import own from "./ImportDialog.module.css";

/** The list's imports of files: one running or stopped short is offered to show or resume; the ended ones are its history. */
export function ImportsPanel({ listId, onOpen }: { listId: number; onOpen: (record: ImportRecord) => void }) {
  const t = useT();
  const format = useFormat();
  const imports = useQuery({
    ...listImportsQuery(listId),
    // While one runs in the background its figures move; otherwise nothing changes unless the app changes it.
    refetchInterval: (query) => (query.state.data?.some((r) => r.status === "running") ? 1000 : false),
  });
  const records = imports.data ?? [];
  const open = records.filter((r) => r.status === "running" || r.status === "stopped");
  const ended = records.filter((r) => r.status === "finished" || r.status === "cancelled");
  if (records.length === 0) return null;
  return (
    <div className={own.panel}>
      {open.map((r) => (
        <div key={r.id} className={own.banner} data-testid="import-banner" data-status={r.status}>
          <span>
            {t(r.status === "running" ? "import.banner.running" : "import.banner.stopped", {
              file: r.fileName,
              done: format.count(r.progress.sent + r.progress.refused),
              total: format.count(r.progress.toSend),
            })}
          </span>
          <Button onClick={() => onOpen(r)} data-testid="import-banner-open">
            {r.status === "stopped" ? t("import.resume") : t("import.banner.open")}
          </Button>
        </div>
      ))}
      {ended.length > 0 && (
        <details className={own.history} data-testid="import-history">
          <summary>{t("import.history.title")}</summary>
          <ul>
            {ended.map((r) => (
              <li key={r.id}>
                <Button variant="link" onClick={() => onOpen(r)} data-testid="import-history-open">
                  {t("import.history.line", { file: r.fileName, date: format.dateTime(r.startedAt), status: t(`import.status.${r.status}`) })}
                </Button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

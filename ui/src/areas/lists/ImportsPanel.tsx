import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ImportRecord } from "../../ipc/bindings/ImportRecord";
import { listImportsQuery, serviceImportsQuery } from "../../ipc/commands";
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
  // The service's own history is read only when the marketer opens it.
  const [shown, setShown] = useState(false);
  const service = useQuery({ ...serviceImportsQuery(listId), enabled: shown });
  const records = imports.data ?? [];
  const open = records.filter((r) => r.status === "running" || r.status === "stopped");
  const ended = records.filter((r) => r.status === "finished" || r.status === "cancelled");
  return (
    <div className={own.panel}>
      {open.map((r) => (
        <div key={r.id} className={own.banner} data-testid="import-banner" data-status={r.status}>
          <span>
            {t(r.status === "running" ? "import.banner.running" : "import.banner.stopped", {
              file: r.fileName,
              done: format.count(r.progress.sent + r.progress.refused),
              total: r.progress.toSend === null ? "…" : format.count(r.progress.toSend),
            })}
          </span>
          <Button onClick={() => onOpen(r)} data-testid="import-banner-open">
            {r.status === "stopped" ? t("import.resume") : t("import.banner.open")}
          </Button>
        </div>
      ))}
      <details className={own.history} data-testid="import-history" onToggle={(e) => setShown(e.currentTarget.open)}>
        <summary>{t("import.history.title")}</summary>
        {ended.length > 0 && (
          <ul>
            {ended.map((r) => (
              <li key={r.id}>
                <Button variant="link" onClick={() => onOpen(r)} data-testid="import-history-open">
                  {t("import.history.line", { file: r.fileName, date: format.dateTime(r.startedAt), status: t(`import.status.${r.status}`) })}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {(service.data ?? []).length > 0 && (
          <>
            <p className={own.note}>{t("import.history.service")}</p>
            <ul data-testid="service-imports">
              {(service.data ?? []).map((s) => (
                <li key={s.id}>
                  {t("import.history.serviceLine", { date: format.dateTime(s.startedAt), status: t(`import.service.${s.status}`), added: format.count(s.added) })}
                </li>
              ))}
            </ul>
          </>
        )}
      </details>
    </div>
  );
}

import { useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import { copyDiagnostics, copyErrorReport, openLogFolder } from "../ipc/commands";
import { toDeskError } from "../ipc/errors";
import { explain } from "../i18n/explain";
import { useT } from "../i18n/I18n";
import { Button } from "../kit/Button";
import { useToast } from "../kit/Toast";
import styles from "./AreaCrash.module.css";

/** The error's message and stack, and where in the page it was thrown. */
export function errorDetails(error: unknown, componentStack?: string): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = error instanceof Error && error.stack ? error.stack : "";
  return [message, stack, componentStack ?? ""].filter((part) => part.trim() !== "").join("\n");
}

/**
 * What every area shows in place of a screen that threw, instead of a blank
 * page: the sidebar stays, Reload mounts the area's screen again (not the
 * whole window, so other areas' state survives), and the details and the
 * diagnostics can be copied for a bug report.
 */
export function AreaCrash({ error, info, reset }: ErrorComponentProps) {
  const t = useT();
  const toast = useToast();
  const router = useRouter();
  const failed = (reason: unknown) => toast(explain(toDeskError(reason), t).title, "error");
  const reload = () => {
    reset();
    void router.invalidate();
  };
  return (
    <section className={styles.crash} role="alert" data-testid="area-crash">
      <h1 className={styles.title}>{t("crash.title")}</h1>
      <p>{t("crash.reason")}</p>
      <p className={styles.advice}>{t("crash.advice")}</p>
      <div className={styles.actions}>
        <Button onClick={reload} data-testid="crash-reload">
          {t("crash.reload")}
        </Button>
        <Button
          variant="ghost"
          onClick={() => copyErrorReport(errorDetails(error, info?.componentStack)).then(() => toast(t("crash.copied")), failed)}
          data-testid="crash-copy-details"
        >
          {t("crash.copyDetails")}
        </Button>
        <Button variant="ghost" onClick={() => copyDiagnostics().then(() => toast(t("diagnostics.copied")), failed)} data-testid="crash-copy-diagnostics">
          {t("diagnostics.copy")}
        </Button>
        <Button variant="ghost" onClick={() => openLogFolder().catch(failed)} data-testid="crash-open-logs">
          {t("diagnostics.openLogFolder")}
        </Button>
      </div>
    </section>
  );
}

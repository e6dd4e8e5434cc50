import type { DeskError } from "../ipc/bindings/DeskError";
import { explain } from "../i18n/explain";
import { useT } from "../i18n/I18n";
import { Button } from "./Button";
import styles from "./ErrorNotice.module.css";

/** What failed, why, what to do, and the service's code when it answered. */
export function ErrorNotice({ error, onDismiss }: { error: DeskError; onDismiss?: () => void }) {
  const t = useT();
  const e = explain(error, t);
  return (
    <div className={styles.notice} role="alert" data-testid="error" data-code={error.code}>
      <div>
        <p className={styles.title}>{e.title}</p>
        <p className={styles.reason}>{e.reason}</p>
        <p className={styles.advice}>{e.advice}</p>
        {(e.code || e.detail) && (
          <p className={styles.meta}>
            {e.code}
            {e.code && e.detail && " · "}
            {e.detail && <span className={styles.detail}>{e.detail}</span>}
          </p>
        )}
      </div>
      {onDismiss && (
        <Button variant="ghost" onClick={onDismiss} aria-label={t("common.dismiss")}>
          ×
        </Button>
      )}
    </div>
  );
}

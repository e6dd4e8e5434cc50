import { useEffect, useRef } from "react";
import { useT } from "../i18n/I18n";
import { Button } from "./Button";
import styles from "./KeptChanges.module.css";

/**
 * Keeps each settled value on this computer when it differs from the one
 * kept last (at first, the service's), while `enabled`; a failure goes to
 * `onFailure`. The editor's half of `desk::drafts`.
 */
export function useKeptChanges<T>(settled: T, initial: T, keep: (value: T) => Promise<void>, enabled: boolean, onFailure: (error: unknown) => void) {
  const kept = useRef(JSON.stringify(initial));
  const keepNow = useRef(keep);
  keepNow.current = keep;
  const failed = useRef(onFailure);
  failed.current = onFailure;
  useEffect(() => {
    const text = JSON.stringify(settled);
    if (!enabled || text === kept.current) return;
    kept.current = text;
    keepNow.current(settled).catch((e) => failed.current(e));
  }, [settled, enabled]);
}

/** "Changes made here earlier never reached the service": restore them, or let them go. */
export function KeptChangesOffer({ onRestore, onDiscard }: { onRestore: () => void; onDiscard: () => void }) {
  const t = useT();
  return (
    <div className={styles.notice} role="status" data-testid="unsaved-offer">
      <span>{t("kit.kept.found")}</span>
      <Button variant="primary" onClick={onRestore} data-testid="restore-draft">
        {t("kit.kept.restore")}
      </Button>
      <Button variant="secondary" onClick={onDiscard} data-testid="discard-draft">
        {t("kit.kept.discard")}
      </Button>
    </div>
  );
}

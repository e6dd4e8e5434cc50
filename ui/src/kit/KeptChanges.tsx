import { useEffect, useRef } from "react";
import { useT } from "../i18n/I18n";
import { Button } from "./Button";
import styles from "./KeptChanges.module.css";

let lastRevision = 0;

/**
 * The next revision of something kept (`desk::drafts`): later typing always
 * has a higher one, even across a reload of the page, so the desk can drop
 * a keep that arrives after a later one.
 */
export function nextRevision(): number {
  lastRevision = Math.max(Date.now(), lastRevision + 1);
  return lastRevision;
}

/**
 * Keeps each settled value on this computer when it differs from the one
 * kept last (at first, the service's), while `enabled`; a failure goes to
 * `onFailure`. Keeps are not awaited one by one: each carries its revision,
 * and the desk keeps the latest. `latest`, the value before it settles, is
 * kept as the editor closes, so typing just before leaving is not lost in
 * the pause. The editor's half of `desk::drafts`.
 */
export function useKeptChanges<T>(
  settled: T,
  initial: T,
  keep: (value: T, revision: number) => Promise<void>,
  enabled: boolean,
  onFailure: (error: unknown) => void,
  latest: T = settled,
) {
  const kept = useRef(JSON.stringify(initial));
  const keepNow = useRef(keep);
  keepNow.current = keep;
  const failed = useRef(onFailure);
  failed.current = onFailure;
  const keepIfChanged = useRef((value: T) => {
    const text = JSON.stringify(value);
    if (text === kept.current) return;
    kept.current = text;
    keepNow.current(value, nextRevision()).catch((e) => failed.current(e));
  });
  const last = useRef({ latest, enabled });
  last.current = { latest, enabled };
  useEffect(() => {
    if (enabled) keepIfChanged.current(settled);
  }, [settled, enabled]);
  useEffect(() => {
    const keepOnLeaving = keepIfChanged.current;
    return () => {
      if (last.current.enabled) keepOnLeaving(last.current.latest);
    };
  }, []);
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

/** "A kept draft could not be read": where it was set aside, so nothing is lost. */
export function UnreadableDraft({ path }: { path: string }) {
  const t = useT();
  return (
    <p className={styles.notice} role="alert" data-testid="unreadable-draft">
      {t("kit.kept.unreadable", { path })}
    </p>
  );
}

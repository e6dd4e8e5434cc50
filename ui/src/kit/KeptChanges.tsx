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

/** What each editor held as it closed in this run of the page, by its place (`campaign:12`). */
const leftInThisRun = new Map<string, string>();

/**
 * What the editor of `place` held when the user left it a moment ago in this
 * run of the page (to fix a sender in the account, to look something up):
 * it opens as it was left, not as the service has it with an offer to
 * restore. `null` when it was not left changed. Forgotten with `forgetLeft`.
 */
export function leftBehind<T>(place: string): T | null {
  const text = leftInThisRun.get(place);
  return text === undefined ? null : (JSON.parse(text) as T);
}

/** The editor of `place` has taken up what was left in it. */
export function forgetLeft(place: string) {
  leftInThisRun.delete(place);
}

/**
 * Keeps each settled value on this computer when it differs from the one
 * kept last (at first, the service's), while `enabled`; a failure goes to
 * `onFailure`. Keeps are not awaited one by one: each carries its revision,
 * and the desk keeps the latest. `latest`, the value before it settles, is
 * kept as the editor closes, so typing just before leaving is not lost in
 * the pause, and remembered for this run by `place` (see `leftBehind`).
 * The editor's half of `desk::drafts`.
 */
export function useKeptChanges<T>(
  settled: T,
  initial: T,
  keep: (value: T, revision: number) => Promise<void>,
  enabled: boolean,
  onFailure: (error: unknown) => void,
  latest: T = settled,
  place?: string,
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
  // What the editor opened with, and where: as it mounted.
  const opened = useRef({ initial: JSON.stringify(initial), place });
  const last = useRef({ latest, enabled, place });
  last.current = { latest, enabled, place };
  useEffect(() => {
    if (enabled) keepIfChanged.current(settled);
  }, [settled, enabled]);
  useEffect(() => {
    const keepOnLeaving = keepIfChanged.current;
    const { initial: initialText, place: openedAt } = opened.current;
    if (openedAt) forgetLeft(openedAt);
    return () => {
      const { latest, enabled, place } = last.current;
      if (!enabled) return;
      keepOnLeaving(latest);
      const text = JSON.stringify(latest);
      if (place && text !== initialText) leftInThisRun.set(place, text);
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

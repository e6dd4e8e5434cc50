import { useSyncExternalStore } from "react";
import { useT } from "../i18n/I18n";
import { Button } from "./Button";
import { pendingSends, type HeldSend } from "./pendingSends";
import styles from "./UndoWindow.module.css";

export { UNDO_SECONDS, pendingSends, type PendingSend } from "./pendingSends";

/** The send with this key while it waits in its undo window or is on its way; `undefined` otherwise. */
export function useHeldSend(key: string): HeldSend | undefined {
  return useSyncExternalStore(pendingSends.subscribe, () => pendingSends.find(key));
}

/** Every send that waits or is on its way, oldest first. */
export function useHeldSends(): readonly HeldSend[] {
  return useSyncExternalStore(pendingSends.subscribe, pendingSends.list);
}

/** What a waiting send says, in the current language, with the seconds left. */
export function useSaysText() {
  const t = useT();
  return (send: HeldSend) => t(send.says.key, { ...send.says.values, seconds: send.left });
}

interface UndoBarProps {
  text: string;
  onUndo: () => void;
  testId: string;
  undoTestId: string;
  /** Tells apart several countdowns of one kind (their test ids are the same). */
  sendKey?: string;
}

/** "Sending “Spring news” to 48,000 subscribers in 7 s · Undo": shown while an undo window is open. */
export function UndoBar({ text, onUndo, testId, undoTestId, sendKey }: UndoBarProps) {
  const t = useT();
  return (
    <div className={styles.undo} role="status" data-testid={testId} data-key={sendKey}>
      <span className={styles.text}>{text}</span>
      <Button variant="secondary" onClick={onUndo} data-testid={undoTestId}>
        {t("common.undo")}
      </Button>
    </div>
  );
}

import { useEffect, useRef, useState } from "react";
import { useT } from "../i18n/I18n";
import { Button } from "./Button";
import styles from "./UndoWindow.module.css";

/** Seconds the user has to change their mind after confirming, before a request that sends leaves the app. */
export const UNDO_SECONDS = 10;

/**
 * Runs `send` ten seconds after `start`, unless undone meanwhile: for every
 * action that sends mail. A failure goes to `onFailure`.
 */
export function useUndoWindow<A>(send: (arg: A) => Promise<void>, onFailure: (error: unknown) => void) {
  const [waiting, setWaiting] = useState<{ arg: A; left: number } | null>(null);
  const [sending, setSending] = useState(false);
  // The timer must not restart when the page around it renders.
  const sendNow = useRef(send);
  sendNow.current = send;
  const failed = useRef(onFailure);
  failed.current = onFailure;

  useEffect(() => {
    if (!waiting) return;
    if (waiting.left > 0) {
      const timer = setTimeout(() => setWaiting({ ...waiting, left: waiting.left - 1 }), 1000);
      return () => clearTimeout(timer);
    }
    setWaiting(null);
    setSending(true);
    sendNow
      .current(waiting.arg)
      .catch((e) => failed.current(e))
      .finally(() => setSending(false));
  }, [waiting]);

  return {
    /** What is about to go, and the seconds left to undo it. */
    waiting,
    sending,
    start: (arg: A) => setWaiting({ arg, left: UNDO_SECONDS }),
    undo: () => setWaiting(null),
  };
}

interface UndoBarProps {
  text: string;
  onUndo: () => void;
  testId: string;
  undoTestId: string;
}

/** "Sending in 7 s… Undo": shown while an undo window is open. */
export function UndoBar({ text, onUndo, testId, undoTestId }: UndoBarProps) {
  const t = useT();
  return (
    <div className={styles.undo} role="status" data-testid={testId}>
      <span>{text}</span>
      <Button variant="secondary" onClick={onUndo} data-testid={undoTestId}>
        {t("common.undo")}
      </Button>
    </div>
  );
}

import { Channel } from "@tauri-apps/api/core";
import { useEffect, useState } from "react";
import { closeWindow, holdClose, watchClose } from "../ipc/commands";
import { toDeskError } from "../ipc/errors";
import type { UnderWay } from "../ipc/bindings/UnderWay";
import { explain, sayUnderWay } from "../i18n/explain";
import { useT } from "../i18n/I18n";
import { Dialog } from "../kit/Dialog";
import { useToast } from "../kit/Toast";
import { UndoBar, pendingSends, useHeldSends, useSaysText } from "../kit/UndoWindow";
import { askBeforeLeaving } from "./leaving";
import styles from "./PendingSends.module.css";

/** The countdowns of the sends that wait, above whichever area is shown. */
export function PendingSendsBar() {
  const t = useT();
  const says = useSaysText();
  const waiting = useHeldSends().filter((send) => send.phase === "waiting");
  if (waiting.length === 0) return null;
  return (
    <section className={styles.bar} aria-label={t("pending.label")} data-testid="pending-sends">
      {waiting.map((send) => (
        <UndoBar
          key={send.key}
          text={says(send)}
          onUndo={() => pendingSends.undo(send.key)}
          testId={`${send.testId}-countdown`}
          undoTestId={`${send.testId}-undo`}
          sendKey={send.key}
        />
      ))}
    </section>
  );
}

/** A title read as the first sentence of a longer message. */
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

// The app's side learns of every change in order: one call after another. One that fails
// leaves the close as it was held; nothing the user could act on.
let told = Promise.resolve();
function tellTheApp(pending: number) {
  told = told.then(() => holdClose(pending)).catch(() => {});
}

/**
 * Why a question is asked: the window is closing while sends wait (asked
 * first) or while work runs (a change of many, an import, an export: asked
 * once the sends are settled), or the open account is being left.
 */
type Asked = { why: "close"; underWay: UnderWay } | { why: "work"; underWay: UnderWay } | { why: "leave"; answer: (leave: boolean) => void };

/** Whether work other than the sends runs. */
const working = (underWay: UnderWay) => underWay.changes + underWay.imports + underWay.exports > 0;

/**
 * What pending sends need for as long as the page lives, whatever it
 * shows: their failures explained in a toast, and the window's close and
 * leaving the account held back while any waits or is on its way, with a
 * question (send now, cancel them, stay).
 */
export function PendingSendsGuard() {
  const t = useT();
  const toast = useToast();
  const [asked, setAsked] = useState<Asked | null>(null);

  useEffect(
    () =>
      pendingSends.onFailure((error) => {
        const explained = explain(toDeskError(error), t);
        toast([sentence(explained.title), explained.reason, explained.code].filter(Boolean).join(" "), "error");
      }),
    [t, toast],
  );

  useEffect(() => {
    // Told at once, even of none: a page loaded again must not inherit its predecessor's count.
    let last = -1;
    const tell = () => {
      const pending = pendingSends.list().length;
      if (pending !== last) tellTheApp(pending);
      last = pending;
    };
    const onClose = new Channel<UnderWay>();
    onClose.onmessage = (underWay) =>
      setAsked((before) => {
        // The window's close outranks leaving the account: that one is not left.
        if (before?.why === "leave") before.answer(false);
        return underWay.sends > 0 ? { why: "close", underWay } : { why: "work", underWay };
      });
    void watchClose(onClose).catch(() => {});
    tell();
    return pendingSends.subscribe(tell);
  }, []);

  useEffect(
    () =>
      askBeforeLeaving(
        () =>
          new Promise<boolean>((answer) =>
            setAsked((before) => {
              // Asked again while a question is up: the earlier one stays and this one is not left.
              if (before) {
                answer(false);
                return before;
              }
              return { why: "leave", answer };
            }),
          ),
      ),
    [],
  );

  if (!asked) return null;
  const answered = (leave: boolean) => {
    setAsked(null);
    if (asked.why === "leave") asked.answer(leave);
    else if (!leave) return;
    else if (asked.why === "close" && working(asked.underWay)) setAsked({ why: "work", underWay: asked.underWay });
    else void closeWindow();
  };
  if (asked.why === "work") return <WorkQuestion underWay={asked.underWay} onStay={() => answered(false)} onStop={() => answered(true)} />;
  return <PendingQuestion why={asked.why} onStay={() => answered(false)} onSettled={() => answered(true)} />;
}

/** Asked when the user closes the window while a change of many, an import or an export runs: it would stop. */
function WorkQuestion({ underWay, onStay, onStop }: { underWay: UnderWay; onStay: () => void; onStop: () => void }) {
  const t = useT();
  return (
    <Dialog
      title={t("work.close.title")}
      onClose={onStay}
      closeLabel={t("work.close.keepOpen")}
      busy={false}
      action={{ label: t("work.close.keepOpen"), busyLabel: t("work.close.keepOpen"), run: onStay, testId: "close-keep-working" }}
      other={{ label: t("work.close.stop"), busyLabel: t("work.close.stop"), run: onStop, danger: true, testId: "close-stop-work" }}
    >
      <p data-testid="close-work">{sentence(sayUnderWay({ ...underWay, sends: 0 }, t))}</p>
      <p>{t("work.close.body")}</p>
    </Dialog>
  );
}

/** The question's words, by why it is asked. */
const WORDS = {
  close: {
    body: "pending.close.body",
    sendNow: "pending.close.sendNow",
    cancel: "pending.close.cancel",
    stay: "pending.close.keepOpen",
    failed: "pending.close.failed",
  },
  leave: {
    body: "pending.leave.body",
    sendNow: "pending.leave.sendNow",
    cancel: "pending.leave.cancel",
    stay: "pending.leave.keepOpen",
    failed: "pending.leave.failed",
  },
} as const;

interface QuestionProps {
  why: keyof typeof WORDS;
  onStay: () => void;
  /** Nothing is pending any more: the window closes, or the account is left. */
  onSettled: () => void;
}

/** Asked when the user closes the window or leaves the account while sends have not gone. */
function PendingQuestion({ why, onStay, onSettled }: QuestionProps) {
  const t = useT();
  const says = useSaysText();
  const held = useHeldSends();
  const words = WORDS[why];
  // While the sends go the list empties: the question still speaks of one at least.
  const count = Math.max(held.length, 1);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  // One that fails while the question is up keeps the user where they are, its failure shown.
  useEffect(() => pendingSends.onFailure(() => setFailed(true)), []);
  // Everything went meanwhile (their windows ended): nothing is left to ask about.
  const settledMeanwhile = held.length === 0 && !sending && !failed;
  useEffect(() => {
    if (settledMeanwhile) onSettled();
  }, [settledMeanwhile, onSettled]);

  const sendNow = async () => {
    setSending(true);
    const allWent = await pendingSends.sendAllNow().finally(() => setSending(false));
    if (allWent) onSettled();
    else setFailed(true);
  };
  const cancel = () => {
    pendingSends.cancelAll();
    // What is already on its way cannot be called back: it finishes first.
    void pendingSends.sendAllNow().then(onSettled);
  };

  return (
    <Dialog
      title={t("pending.close.title", { count })}
      onClose={onStay}
      closeLabel={t(words.stay)}
      busy={sending}
      action={{ label: t(words.sendNow), busyLabel: t("pending.close.sending"), run: () => void sendNow(), testId: "close-send-now" }}
      other={{ label: t(words.cancel), busyLabel: t(words.cancel), run: cancel, danger: true, testId: "close-cancel" }}
    >
      <p>{t(words.body, { count })}</p>
      <ul className={styles.list} data-testid="close-pending">
        {held
          .filter((send) => send.phase === "waiting")
          .map((send) => (
            <li key={send.key}>{says(send)}</li>
          ))}
      </ul>
      {failed && (
        <p role="alert" data-testid="close-failed">
          {t(words.failed)}
        </p>
      )}
    </Dialog>
  );
}

import { Channel } from "@tauri-apps/api/core";
import { useEffect, useState } from "react";
import { closeWindow, holdClose, watchClose } from "../ipc/commands";
import { toDeskError } from "../ipc/errors";
import { explain } from "../i18n/explain";
import { useT } from "../i18n/I18n";
import { Dialog } from "../kit/Dialog";
import { useToast } from "../kit/Toast";
import { UndoBar, pendingSends, useHeldSends, useSaysText } from "../kit/UndoWindow";
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
 * What pending sends need for as long as the page lives, whatever it
 * shows: their failures explained in a toast, and the window's close held
 * back while any waits or is on its way, with a question (send now, cancel
 * them, keep the window open).
 */
export function PendingSendsGuard() {
  const t = useT();
  const toast = useToast();
  const [asked, setAsked] = useState(false);

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
    const onClose = new Channel<null>();
    onClose.onmessage = () => setAsked(true);
    void watchClose(onClose).catch(() => {});
    tell();
    return pendingSends.subscribe(tell);
  }, []);

  return asked ? <CloseQuestion onKeepOpen={() => setAsked(false)} /> : null;
}

/** Asked when the user closes the window while sends have not gone. */
function CloseQuestion({ onKeepOpen }: { onKeepOpen: () => void }) {
  const t = useT();
  const says = useSaysText();
  const held = useHeldSends();
  // While the sends go the list empties: the question still speaks of one at least.
  const count = Math.max(held.length, 1);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  // One that fails while the question is up keeps the window open, its failure shown.
  useEffect(() => pendingSends.onFailure(() => setFailed(true)), []);
  // Everything went meanwhile (their windows ended): nothing is left to ask about.
  useEffect(() => {
    if (held.length === 0 && !sending && !failed) void closeWindow();
  }, [held.length, sending, failed]);

  const sendNow = async () => {
    setSending(true);
    const allWent = await pendingSends.sendAllNow().finally(() => setSending(false));
    if (allWent) void closeWindow();
    else setFailed(true);
  };
  const cancel = () => {
    pendingSends.cancelAll();
    // What is already on its way cannot be called back: it finishes first.
    void pendingSends.sendAllNow().then(() => closeWindow());
  };

  return (
    <Dialog
      title={t("pending.close.title", { count })}
      onClose={onKeepOpen}
      closeLabel={t("pending.close.keepOpen")}
      busy={sending}
      action={{ label: t("pending.close.sendNow"), busyLabel: t("pending.close.sending"), run: () => void sendNow(), testId: "close-send-now" }}
      other={{ label: t("pending.close.cancel"), busyLabel: t("pending.close.cancel"), run: cancel, danger: true, testId: "close-cancel" }}
    >
      <p>{t("pending.close.body", { count })}</p>
      <ul className={styles.list} data-testid="close-pending">
        {held
          .filter((send) => send.phase === "waiting")
          .map((send) => (
            <li key={send.key}>{says(send)}</li>
          ))}
      </ul>
      {failed && (
        <p role="alert" data-testid="close-failed">
          {t("pending.close.failed")}
        </p>
      )}
    </Dialog>
  );
}

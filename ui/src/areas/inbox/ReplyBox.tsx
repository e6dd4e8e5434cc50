import { useMemo, useRef, useState, type Ref } from "react";
import { toDeskError } from "../../ipc/errors";
import { explain } from "../../i18n/explain";
import { useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { ErrorNotice } from "../../kit/ErrorNotice";
import type { DeskError } from "../../ipc/bindings/DeskError";
import type { ReplyKept } from "../../ipc/bindings/ReplyKept";
import { UnreadableDraft, useKeptChanges } from "../../kit/KeptChanges";
import { useToast } from "../../kit/Toast";
import { useDebounced } from "../../kit/useDebounced";
import { keepReply, useKeptReply } from "./drafts";
import styles from "./Inbox.module.css";
import { fillVariables, replierValues, variablesLeft } from "./canned";
import { CannedReplies } from "./CannedReplies";
import { useReplier, useSendThreadReply } from "./queries";

/** How the send chord is written on this system. */
const SEND_KEYS = /Mac|iPhone|iPad/.test(navigator.userAgent) ? "⌘↩" : "Ctrl+Enter";

interface ReplyBoxProps {
  ref?: Ref<HTMLTextAreaElement>;
  accountId: string;
  dialogId: number;
  /** The address answered, for canned replies' `%EMAIL%`. */
  subscriber: string;
  onSent: () => void;
}

/**
 * The reply: plain text (the app makes its HTML), the subscriber's message
 * quoted under it unless switched off; Ctrl+Enter (Cmd+Enter) sends. What is
 * typed is kept as a draft until it is sent, and a failed send keeps it with
 * the reason. A canned reply goes in where the cursor is, its variables
 * filled for this subscriber; any left unfilled are named before sending.
 */
export function ReplyBox(props: ReplyBoxProps) {
  const kept = useKeptReply(props.accountId, props.dialogId);
  // What was kept could not be read: the user can still answer, from an empty field.
  if (kept.error) {
    return (
      <>
        <ErrorNotice error={toDeskError(kept.error)} />
        <ReplyEditor {...props} stored={null} unreadable={null} />
      </>
    );
  }
  // Typing starts once what was kept is in the field, never under it.
  if (!kept.data) return null;
  return <ReplyEditor {...props} stored={kept.data.draft} unreadable={kept.data.unreadableDraft} />;
}

const EMPTY: ReplyKept = { text: "", quote: true, failure: null };

function ReplyEditor({ ref, dialogId, subscriber, onSent, stored, unreadable }: ReplyBoxProps & { stored: ReplyKept | null; unreadable: string | null }) {
  const t = useT();
  const send = useSendThreadReply();
  const replier = useReplier(dialogId);
  const field = useRef<HTMLTextAreaElement | null>(null);
  const [text, setText] = useState(stored?.text ?? "");
  const [quote, setQuote] = useState(stored?.quote ?? true);
  const [error, setError] = useState<DeskError | null>(null);
  const [earlierFailure] = useState(stored?.failure);
  const toast = useToast();
  const keepFailed = (e: unknown) => toast(explain(toDeskError(e), t).title, "error");

  // Every pause in typing is kept on this computer until the reply is sent.
  const typed = useMemo(() => ({ text, quote }), [text, quote]);
  const settled = useDebounced(typed, 300);
  useKeptChanges(settled, stored ? { text: stored.text, quote: stored.quote } : { text: EMPTY.text, quote: EMPTY.quote }, (value, revision) => keepReply(dialogId, { ...value, failure: null }, revision), true, keepFailed, typed);

  // Variables are filled for this subscriber as a canned reply goes in, and
  // again as the reply leaves (for those typed by hand).
  const values = replierValues(subscriber, replier.data);
  const insert = (canned: string) => {
    const filled = fillVariables(canned, values);
    const at = field.current?.selectionStart ?? text.length;
    const end = field.current?.selectionEnd ?? at;
    setText(text.slice(0, at) + filled + text.slice(end));
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.setSelectionRange(at + filled.length, at + filled.length);
    });
  };
  const left = variablesLeft(fillVariables(text, values));

  const submit = () => {
    if (send.isPending || !text.trim()) return;
    setError(null);
    send.mutate(
      { dialogId, draft: { html: "", text: fillVariables(text, values), quote } },
      {
        onSuccess: () => {
          keepReply(dialogId, { ...EMPTY, quote }).catch(keepFailed);
          setText("");
          onSent();
        },
        onError: (reason) => {
          const failure = toDeskError(reason);
          setError(failure);
          keepReply(dialogId, { text, quote, failure: explain(failure, t).title }).catch(keepFailed);
        },
      },
    );
  };

  return (
    <form
      className={styles.reply}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      aria-busy={send.isPending}
    >
      <textarea
        ref={(element) => {
          field.current = element;
          if (typeof ref === "function") ref(element);
          else if (ref) ref.current = element;
        }}
        className={styles.replyText}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            submit();
          }
        }}
        placeholder={t("inbox.replyPlaceholder")}
        aria-label={t("inbox.reply")}
        readOnly={send.isPending}
        data-testid="reply-text"
      />
      {unreadable && <UnreadableDraft path={unreadable} />}
      {left.length > 0 && (
        <p className={styles.note} role="note" data-testid="variables-left">
          {t("inbox.canned.left", { variables: left.join(", ") })}
        </p>
      )}
      {error ? (
        <ErrorNotice error={error} onDismiss={() => setError(null)} />
      ) : (
        earlierFailure && <p className={styles.note} data-testid="draft-failed">{t("inbox.draftFailed", { reason: earlierFailure })}</p>
      )}
      <div className={styles.replyBar}>
        <label className={styles.check}>
          <input type="checkbox" checked={quote} onChange={(e) => setQuote(e.target.checked)} data-testid="reply-quote" />
          {t("inbox.quote")}
        </label>
        <CannedReplies current={text} onInsert={insert} />
        <span className={styles.hint}>{t("inbox.sendHint", { keys: SEND_KEYS })}</span>
        <Button type="submit" variant="primary" disabled={send.isPending || !text.trim()} data-testid="reply-send">
          {send.isPending ? t("inbox.sending") : t("inbox.send")}
        </Button>
      </div>
    </form>
  );
}

import { useState } from "react";
import type { DeskError } from "../../ipc/bindings/DeskError";
import type { MessageView } from "../../ipc/bindings/MessageView";
import { useQuery } from "@tanstack/react-query";
import type { AttachmentView } from "../../ipc/bindings/AttachmentView";
import { previewAttachmentQuery, saveAttachment, showImages } from "../../ipc/commands";
import { useToast } from "../../kit/Toast";
import { toDeskError } from "../../ipc/errors";
import { Button } from "../../kit/Button";
import { ErrorNotice } from "../../kit/ErrorNotice";
import type { ThreadView } from "../../ipc/bindings/ThreadView";
import { useFormat, useT } from "../../i18n/I18n";
import { SafeHtmlFrame } from "../../kit/SafeHtmlFrame";
import styles from "./Inbox.module.css";
import { KindTag } from "./DialogList";
import { PaperClip } from "../../kit/PaperClip";

/** A frame's height from its text: frames cannot be measured from outside, so this guesses; the user can drag it taller. */
function frameHeight(message: MessageView) {
  const lines = message.text.split("\n").reduce((sum, line) => sum + 1 + Math.floor(line.length / 90), 0);
  return Math.min(560, Math.max(96, lines * 21 + 48));
}

/** A file of a message: its name, type and size, Save…, and a preview when it is an image. */
function Attachment({ file }: { file: AttachmentView }) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const [failed, setFailed] = useState<DeskError | null>(null);
  const preview = useQuery({
    ...previewAttachmentQuery(file.id),
    enabled: file.previewable,
    staleTime: Infinity,
  });
  const save = () =>
    saveAttachment(file.id, file.filename)
      .then((written) => written !== null && toast(t("inbox.attachmentSaved", { name: file.filename })))
      .catch((reason) => setFailed(toDeskError(reason)));
  return (
    <li data-testid="attachment" data-attachment-id={file.id}>
      <div className={styles.attachmentRow}>
        <PaperClip label="" /> {file.filename}{" "}
        <span className={styles.address}>
          {file.contentType}, {format.bytes(file.sizeBytes)}
        </span>
        <Button variant="link" onClick={() => void save()} data-testid="attachment-save">
          {t("inbox.saveAttachment")}
        </Button>
      </div>
      {preview.data && <img className={styles.imagePreview} src={preview.data} alt={file.filename} data-testid="attachment-preview" />}
      {failed && <ErrorNotice error={failed} onDismiss={() => setFailed(null)} />}
    </li>
  );
}

function Message({ dialogId, message: original }: { dialogId: number; message: MessageView }) {
  const t = useT();
  const format = useFormat();
  // This message again with its remote images, once the user asked for them.
  const [withImages, setWithImages] = useState<MessageView | null>(null);
  const [failed, setFailed] = useState<DeskError | null>(null);
  const message = withImages ?? original;
  const show = () =>
    showImages(dialogId, message.id)
      .then((shown) => shown && setWithImages(shown))
      .catch((reason) => setFailed(toDeskError(reason)));
  return (
    <article
      className={[styles.message, message.inbound ? styles.inbound : styles.outbound].join(" ")}
      data-testid="message"
      data-message-id={message.id}
      data-direction={message.inbound ? "in" : "out"}
    >
      <header className={styles.messageHeader}>
        <span className={styles.from}>
          {message.fromName || message.fromEmail}
          {message.fromName && <span className={styles.address}> &lt;{message.fromEmail}&gt;</span>}
        </span>
        {message.triage && <KindTag kind={message.triage.kind} sign={message.triage.sign} />}
        <time dateTime={message.at ?? undefined}>{format.dateTime(message.at)}</time>
      </header>
      {message.html ? (
        <SafeHtmlFrame
          html={message.html}
          title={t("inbox.messageFrom", { from: message.fromEmail })}
          height={frameHeight(message)}
          data-testid="message-frame"
          data-message-id={message.id}
        />
      ) : (
        <div className={styles.text}>{message.text}</div>
      )}
      {!message.html && message.quotedText && (
        <details className={styles.quoted} data-testid="quoted-text">
          <summary title={t("inbox.quotedText")}>•••</summary>
          <div className={styles.text}>{message.quotedText}</div>
        </details>
      )}
      {message.heldImages > 0 && (
        <p className={styles.note}>
          {t("inbox.imagesHeld", { count: message.heldImages })}{" "}
          <Button variant="link" onClick={() => void show()} data-testid="show-images">
            {t("inbox.showImages")}
          </Button>
        </p>
      )}
      {failed && <ErrorNotice error={failed} onDismiss={() => setFailed(null)} />}
      {message.attachments.length > 0 && (
        <ul className={styles.attachments} aria-label={t("inbox.attachments")}>
          {message.attachments.map((a) => (
            <Attachment key={a.id} file={a} />
          ))}
        </ul>
      )}
    </article>
  );
}

/** The dialog's messages in order, with when it was closed and opened again. */
export function Thread({ thread }: { thread: ThreadView }) {
  const t = useT();
  const format = useFormat();
  return (
    <div className={styles.entries} data-testid="thread" data-dialog-id={thread.dialog.id}>
      {thread.entries.map((entry) =>
        entry.type === "message" ? (
          <Message key={entry.id} dialogId={thread.dialog.id} message={entry} />
        ) : (
          <p key={entry.id} className={styles.event} data-testid="thread-event">
            {t(entry.event === "closed" ? "inbox.event.closed" : "inbox.event.opened", { at: format.dateTime(entry.at) })}
          </p>
        ),
      )}
    </div>
  );
}

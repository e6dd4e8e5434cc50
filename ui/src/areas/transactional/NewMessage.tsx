import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useRef, useState } from "react";
import type { AttachedFile } from "../../ipc/bindings/AttachedFile";
import type { DeskError } from "../../ipc/bindings/DeskError";
import type { MessageForm } from "../../ipc/bindings/MessageForm";
import { listSendersQuery, listTemplatesQuery, renderBlockLetter, usePickMessageAttachment, useSendMessage } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { useFormat, useT } from "../../i18n/I18n";
import { ActionDialog, ConfirmDialog } from "../../kit/ActionDialog";
import { Button } from "../../kit/Button";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { TextField } from "../../kit/Field";
import fieldStyles from "../../kit/Field.module.css";
import { PaperClip } from "../../kit/PaperClip";
import { useToast } from "../../kit/Toast";
import { MAX_ATTACHMENTS_MB, tooLarge, totalSize, withFile } from "./attachments";
import { bodyFromTemplate, messageStarter, type BodyMode, type MessageBody } from "./body";
import own from "./Transactional.module.css";

const BlockEditor = lazy(() => import("../../letter/blocks/BlockEditor"));

const EMPTY: MessageForm = { to: "", fromEmail: "", fromName: "", subject: "", html: "", text: "", messageId: "", attachments: [] };

/** What the service says of files too large for one message, said before it is asked. */
const FILES_TOO_LARGE: DeskError = { code: "inArea", area: "transactional", failure: { code: "attachmentsTooLarge", maxMb: MAX_ATTACHMENTS_MB } as { code: string } };

/** A single message written and sent now, after asking; what was typed stays while it is asked and if it fails. */
export function NewMessage({ onClose }: { onClose: () => void }) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const [form, setForm] = useState<MessageForm>(EMPTY);
  const [body, setBody] = useState<MessageBody>(() => ({ mode: "blocks", blocks: messageStarter(t), html: "" }));
  const [files, setFiles] = useState<AttachedFile[]>([]);
  const [template, setTemplate] = useState("");
  // The message as it goes, once reviewed: its HTML made from the blocks when they are what was written.
  const [asking, setAsking] = useState<MessageForm | null>(null);
  // The form closes as its review opens: that close is not the user's.
  const reviewing = useRef(false);
  const send = useSendMessage();
  const pick = usePickMessageAttachment({ onSuccess: (file) => file && setFiles((shown) => withFile(shown, file)) });
  const known = useQuery(listSendersQuery());
  const templates = useQuery(listTemplatesQuery());
  const senders = (known.data ?? []).filter((s) => s.confirmed).map((s) => s.email);
  const change = (patch: Partial<MessageForm>) => setForm((f) => ({ ...f, ...patch }));
  const over = tooLarge(files);

  if (asking) {
    return (
      <ConfirmDialog
        title={t("transactional.send.title", { to: asking.to.trim() })}
        confirmLabel={t("transactional.send.confirm")}
        onClose={() => setAsking(null)}
        onConfirm={async () => {
          const sent = await send.mutateAsync({ form: asking });
          toast(t("transactional.sent", { to: asking.to.trim(), id: sent.messageId }));
          onClose();
        }}
      >
        <p>{t("transactional.send.body", { subject: asking.subject.trim() || t("transactional.log.noSubject"), from: asking.fromEmail.trim() })}</p>
        {asking.attachments.length > 0 && <p>{t("transactional.send.files", { count: asking.attachments.length, size: format.bytes(totalSize(files)) })}</p>}
      </ConfirmDialog>
    );
  }
  const mode = (value: BodyMode) => (
    <Button variant={body.mode === value ? "primary" : "ghost"} aria-pressed={body.mode === value} onClick={() => setBody((b) => ({ ...b, mode: value }))} data-testid={`message-body-${value}`}>
      {t(value === "blocks" ? "transactional.form.blocks" : "transactional.form.html")}
    </Button>
  );
  return (
    <ActionDialog
      title={t("transactional.new")}
      actionLabel={t("transactional.form.review")}
      testId="review-message"
      large
      // Reviewing closes the form: the question takes its place, with the form kept.
      onClose={() => (reviewing.current ? (reviewing.current = false) : onClose())}
      onRun={async () => {
        if (over) throw FILES_TOO_LARGE;
        const html = body.mode === "blocks" ? await renderBlockLetter(body.blocks) : body.html;
        reviewing.current = true;
        setAsking({ ...form, html, attachments: files.map((file) => file.fileId) });
      }}
    >
      <TextField label={t("transactional.log.to")} type="email" value={form.to} onChange={(to) => change({ to })} autoFocus data-testid="message-to" />
      <div className={own.pair}>
        <TextField label={t("transactional.form.from")} value={form.fromEmail} onChange={(fromEmail) => change({ fromEmail })} list="message-senders" data-testid="message-from" />
        <TextField label={t("transactional.form.fromName")} value={form.fromName} onChange={(fromName) => change({ fromName })} data-testid="message-from-name" />
      </div>
      <datalist id="message-senders">
        {senders.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <TextField label={t("transactional.log.subject")} value={form.subject} onChange={(subject) => change({ subject })} data-testid="message-subject" />
      <div className={own.bodyHead}>
        <div className={own.modes} role="group" aria-label={t("transactional.form.bodyMode")}>
          {mode("blocks")}
          {mode("html")}
        </div>
        <label className={own.template}>
          {t("transactional.form.template")}
          <select
            className={fieldStyles.input}
            value={template}
            onChange={(e) => {
              const chosen = templates.data?.find((one) => String(one.id) === e.target.value);
              setTemplate(e.target.value);
              if (chosen) setBody((b) => bodyFromTemplate(chosen, b));
            }}
            disabled={!templates.data?.length}
            data-testid="message-template"
          >
            <option value="">{templates.isPending ? t("common.loading") : t("transactional.form.noTemplate")}</option>
            {templates.data?.map((one) => (
              <option key={one.id} value={one.id}>
                {one.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {templates.error && <ErrorNotice error={toDeskError(templates.error)} />}
      {body.mode === "blocks" ? (
        <Suspense fallback={<p className={own.muted}>{t("common.loading")}</p>}>
          <BlockEditor letter={body.blocks} onChange={(blocks) => setBody((b) => ({ ...b, blocks }))} tags={[]} editable />
        </Suspense>
      ) : (
        <label className={fieldStyles.field}>
          {t("transactional.form.html")}
          <textarea className={[fieldStyles.input, own.body].join(" ")} value={body.html} onChange={(e) => setBody((b) => ({ ...b, html: e.target.value }))} spellCheck={false} data-testid="message-html" />
        </label>
      )}
      <label className={fieldStyles.field}>
        {t("transactional.form.text")}
        <textarea className={[fieldStyles.input, own.text].join(" ")} value={form.text} onChange={(e) => change({ text: e.target.value })} data-testid="message-text" />
      </label>
      <div className={own.attach}>
        <Button onClick={() => pick.mutate()} disabled={pick.isPending} data-testid="message-attach">
          <PaperClip label="" /> {t("transactional.form.attach")}
        </Button>
        {files.length > 0 && (
          <span className={over ? own.over : own.muted} data-testid="message-attachments-total">
            {over
              ? t("transactional.form.filesTooLarge", { size: format.bytes(totalSize(files)), max: MAX_ATTACHMENTS_MB })
              : t("transactional.form.filesTotal", { size: format.bytes(totalSize(files)), max: MAX_ATTACHMENTS_MB })}
          </span>
        )}
      </div>
      {pick.error && <ErrorNotice error={toDeskError(pick.error)} onDismiss={() => pick.reset()} />}
      {files.length > 0 && (
        <ul className={own.files} aria-label={t("transactional.form.files")}>
          {files.map((file) => (
            <li key={file.fileId} data-testid="message-attachment" data-file-id={file.fileId}>
              <span>{file.name}</span>
              <span className={own.muted}>{format.bytes(file.size)}</span>
              <Button
                variant="link"
                onClick={() => setFiles((shown) => shown.filter((f) => f.fileId !== file.fileId))}
                aria-label={t("transactional.form.removeFile", { name: file.name })}
                data-testid="remove-attachment"
              >
                {t("common.remove")}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <TextField label={t("transactional.form.messageId")} hint={t("transactional.form.messageIdHint")} value={form.messageId} onChange={(messageId) => change({ messageId })} data-testid="message-id" />
    </ActionDialog>
  );
}

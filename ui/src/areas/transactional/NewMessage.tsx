import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { MessageForm } from "../../ipc/bindings/MessageForm";
import { listSendersQuery, useSendMessage } from "../../ipc/commands";
import { useT } from "../../i18n/I18n";
import { ActionDialog, ConfirmDialog } from "../../kit/ActionDialog";
import { TextField } from "../../kit/Field";
import fieldStyles from "../../kit/Field.module.css";
import { useToast } from "../../kit/Toast";
import own from "./Transactional.module.css";

const EMPTY: MessageForm = { to: "", fromEmail: "", fromName: "", subject: "", html: "", text: "", messageId: "" };

/** A single message written and sent now, after asking; what was typed stays while it is asked and if it fails. */
export function NewMessage({ onClose }: { onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const [form, setForm] = useState<MessageForm>(EMPTY);
  const [asking, setAsking] = useState(false);
  // The form closes as its review opens: that close is not the user's.
  const reviewing = useRef(false);
  const send = useSendMessage();
  const known = useQuery(listSendersQuery());
  const senders = (known.data ?? []).filter((s) => s.confirmed).map((s) => s.email);
  const change = (patch: Partial<MessageForm>) => setForm((f) => ({ ...f, ...patch }));

  if (asking) {
    return (
      <ConfirmDialog
        title={t("transactional.send.title", { to: form.to.trim() })}
        confirmLabel={t("transactional.send.confirm")}
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          const sent = await send.mutateAsync({ form });
          toast(t("transactional.sent", { to: form.to.trim(), id: sent.messageId }));
          onClose();
        }}
      >
        <p>{t("transactional.send.body", { subject: form.subject.trim() || t("transactional.log.noSubject"), from: form.fromEmail.trim() })}</p>
      </ConfirmDialog>
    );
  }
  return (
    <ActionDialog
      title={t("transactional.new")}
      actionLabel={t("transactional.form.review")}
      testId="review-message"
      // Reviewing closes the form: the question takes its place, with the form kept.
      onClose={() => (reviewing.current ? (reviewing.current = false) : onClose())}
      onRun={async () => {
        reviewing.current = true;
        setAsking(true);
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
      <label className={fieldStyles.field}>
        {t("transactional.form.html")}
        <textarea className={[fieldStyles.input, own.body].join(" ")} value={form.html} onChange={(e) => change({ html: e.target.value })} spellCheck={false} data-testid="message-html" />
      </label>
      <label className={fieldStyles.field}>
        {t("transactional.form.text")}
        <textarea className={[fieldStyles.input, own.text].join(" ")} value={form.text} onChange={(e) => change({ text: e.target.value })} data-testid="message-text" />
      </label>
      <TextField label={t("transactional.form.messageId")} hint={t("transactional.form.messageIdHint")} value={form.messageId} onChange={(messageId) => change({ messageId })} data-testid="message-id" />
    </ActionDialog>
  );
}

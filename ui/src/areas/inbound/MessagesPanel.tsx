import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { DeskError } from "../../ipc/bindings/DeskError";
import type { StoredFileView } from "../../ipc/bindings/StoredFileView";
import type { StoredMessageRow } from "../../ipc/bindings/StoredMessageRow";
import { saveStoredFile, storedMessageQuery, storedMessagesQuery, useDeleteStoredMessage } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { useFormat, useT } from "../../i18n/I18n";
import { ConfirmDialog } from "../../kit/ActionDialog";
import { Button } from "../../kit/Button";
import { Dialog } from "../../kit/Dialog";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { NewerOlder } from "../../kit/NewerOlder";
import { PaperClip } from "../../kit/PaperClip";
import styles from "../../kit/Page.module.css";
import { SafeHtmlFrame } from "../../kit/SafeHtmlFrame";
import { useToast } from "../../kit/Toast";
import own from "./Inbound.module.css";

const PAGE = 50;

/** Messages a route kept, newest first, until their days run out. */
export function MessagesPanel({ readOnly }: { readOnly: boolean }) {
  const t = useT();
  const format = useFormat();
  const [start, setStart] = useState(0);
  const [open, setOpen] = useState<StoredMessageRow | null>(null);
  const page = useQuery(storedMessagesQuery(start));
  return (
    <section className={own.panel} aria-labelledby="inbound-messages" data-testid="inbound-messages">
      <h2 id="inbound-messages">{t("inbound.messages.title")}</h2>
      <p className={own.lead}>{t("inbound.messages.lead")}</p>
      {page.error && <ErrorNotice error={toDeskError(page.error)} />}
      {page.isPending && <div className={styles.empty}>{t("inbound.loading")}</div>}
      {page.data?.rows.length === 0 && <div className={styles.empty}>{t("inbound.messages.none")}</div>}
      {page.data && page.data.rows.length > 0 && (
        <table className={styles.table} data-testid="stored-messages">
          <thead>
            <tr>
              <th>{t("inbound.messages.received")}</th>
              <th>{t("inbound.messages.from")}</th>
              <th>{t("inbound.messages.subject")}</th>
              <th>{t("inbound.messages.to")}</th>
              <th>{t("inbound.messages.kept")}</th>
            </tr>
          </thead>
          <tbody>
            {page.data.rows.map((row) => (
              <tr key={row.id} data-testid="stored-message" data-message-id={row.id}>
                <td className={styles.nowrap}>{format.dateTime(row.received)}</td>
                <td className={styles.email}>{row.from}</td>
                <td>
                  <button type="button" className={own.open} onClick={() => setOpen(row)} data-testid="open-stored-message">
                    {row.subject || t("inbound.messages.noSubject")}
                  </button>
                </td>
                <td>{row.recipient}</td>
                <td className={styles.nowrap}>{format.dateTime(row.expires)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page.data && <NewerOlder start={start} size={PAGE} more={page.data.more} onStart={setStart} newer={t("inbound.newer")} older={t("inbound.older")} />}
      {open && <StoredMessage row={open} readOnly={readOnly} onClose={() => setOpen(null)} />}
    </section>
  );
}

function StoredMessage({ row, readOnly, onClose }: { row: StoredMessageRow; readOnly: boolean; onClose: () => void }) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const [removing, setRemoving] = useState(false);
  const remove = useDeleteStoredMessage();
  const message = useQuery(storedMessageQuery(row.id));
  const m = message.data;
  if (removing)
    return (
      <ConfirmDialog
        title={t("inbound.messages.removeTitle", { subject: row.subject || t("inbound.messages.noSubject") })}
        confirmLabel={t("inbound.messages.removeConfirm")}
        onClose={onClose}
        onConfirm={async () => {
          await remove.mutateAsync({ id: row.id });
          toast(t("inbound.messages.removed"));
        }}
      >
        <p>{t("inbound.messages.removeBody")}</p>
      </ConfirmDialog>
    );
  return (
    <Dialog
      large
      title={row.subject || t("inbound.messages.noSubject")}
      onClose={onClose}
      busy={false}
      error={message.error ? toDeskError(message.error) : null}
      other={readOnly ? undefined : { label: t("inbound.messages.remove"), busyLabel: t("common.working"), run: () => setRemoving(true), danger: true, testId: "remove-stored-message" }}
    >
      <dl className={own.facts} data-testid="stored-message-facts">
        <dt>{t("inbound.messages.from")}</dt>
        <dd>{row.from}</dd>
        {m && m.sender !== row.from && (
          <>
            <dt>{t("inbound.messages.sender")}</dt>
            <dd>{m.sender}</dd>
          </>
        )}
        <dt>{t("inbound.messages.to")}</dt>
        <dd>{row.recipient}</dd>
        <dt>{t("inbound.messages.received")}</dt>
        <dd>{format.dateTime(row.received)}</dd>
        <dt>{t("inbound.messages.kept")}</dt>
        <dd>{format.dateTime(row.expires)}</dd>
      </dl>
      {m && m.files.length > 0 && (
        <ul className={own.files} data-testid="stored-files">
          {m.files.map((file) => (
            <StoredFile key={file.id} messageId={row.id} file={file} />
          ))}
        </ul>
      )}
      {m && (m.html ? <SafeHtmlFrame html={m.html} title={row.subject} height={320} /> : <pre className={own.text}>{m.text}</pre>)}
      {m && m.headers.length > 0 && (
        <details className={own.headers}>
          <summary>{t("inbound.messages.headers", { count: m.headers.length })}</summary>
          <dl>
            {m.headers.map(([name, value], i) => (
              <div key={i}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </Dialog>
  );
}

function StoredFile({ messageId, file }: { messageId: number; file: StoredFileView }) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const [failed, setFailed] = useState<DeskError | null>(null);
  const save = () =>
    saveStoredFile(messageId, file.id, file.filename)
      .then((written) => written !== null && toast(t("inbound.messages.fileSaved", { name: file.filename })))
      .catch((reason) => setFailed(toDeskError(reason)));
  return (
    <li data-testid="stored-file">
      <PaperClip label="" /> {file.filename} <span className={own.note}>{file.contentType}, {format.bytes(file.size)}</span>{" "}
      <Button variant="link" onClick={() => void save()} data-testid="save-stored-file">
        {t("inbound.messages.saveFile")}
      </Button>
      {failed && <ErrorNotice error={failed} onDismiss={() => setFailed(null)} />}
    </li>
  );
}

import { useQuery } from "@tanstack/react-query";
import type { MessageRow } from "../../ipc/bindings/MessageRow";
import { messageNowQuery } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { useFormat, useT } from "../../i18n/I18n";
import { Dialog } from "../../kit/Dialog";
import { OUTCOMES } from "./outcomes";
import own from "./Transactional.module.css";

/** One message: what the log said, and its outcome read again from the service. */
export function MessageDialog({ row, onClose }: { row: MessageRow; onClose: () => void }) {
  const t = useT();
  const format = useFormat();
  const now = useQuery(messageNowQuery(row.transactionId));
  const shown = now.data ?? row;
  return (
    <Dialog title={shown.subject || t("transactional.log.noSubject")} onClose={onClose} busy={false} error={now.error ? toDeskError(now.error) : null}>
      <dl className={own.facts} data-testid="message-facts" data-outcome={shown.outcome} data-fresh={now.data !== undefined}>
        <dt>{t("transactional.log.to")}</dt>
        <dd>{shown.to}</dd>
        {shown.fromEmail && (
          <>
            <dt>{t("transactional.form.from")}</dt>
            <dd>{shown.fromEmail}</dd>
          </>
        )}
        <dt>{t("transactional.log.sentAt")}</dt>
        <dd>{format.dateTime(shown.sentAt)}</dd>
        <dt>{t("transactional.log.outcome")}</dt>
        <dd>
          {t(OUTCOMES[shown.outcome])}
          {now.isFetching && <span className={own.muted}> · {t("transactional.message.reading")}</span>}
        </dd>
        {shown.error && (
          <>
            <dt>{t("transactional.message.why")}</dt>
            <dd>{shown.error}</dd>
          </>
        )}
        {shown.files.length > 0 && (
          <>
            <dt>{t("transactional.message.files")}</dt>
            <dd data-testid="message-files">{shown.files.join(", ")}</dd>
          </>
        )}
        <dt>{t("transactional.log.messageId")}</dt>
        <dd className={own.id}>{shown.messageId}</dd>
        <dt>{t("transactional.message.transactionId")}</dt>
        <dd className={own.id}>{shown.transactionId}</dd>
      </dl>
    </Dialog>
  );
}

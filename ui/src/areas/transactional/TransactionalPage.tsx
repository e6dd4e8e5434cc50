import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import type { DeskError } from "../../ipc/bindings/DeskError";
import type { MessageOutcome } from "../../ipc/bindings/MessageOutcome";
import type { MessageRow } from "../../ipc/bindings/MessageRow";
import { messageLogQuery, messageStatsQuery } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { useFormat, useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { NewerOlder } from "../../kit/NewerOlder";
import { SearchInput } from "../../kit/Field";
import fieldStyles from "../../kit/Field.module.css";
import { usePaletteActions } from "../../kit/palette";
import styles from "../../kit/Page.module.css";
import { useDebounced } from "../../kit/useDebounced";
import { MessageDialog } from "./MessageDialog";
import { NewMessage } from "./NewMessage";
import { failedOutcome, OUTCOMES } from "./outcomes";
import own from "./Transactional.module.css";

const PERIOD_DAYS = 30;
/** The outcomes the log can be narrowed to. */
const FILTERED: MessageOutcome[] = ["sent", "delivered", "opened", "clicked", "bounced", "complained", "unsubscribed", "dropped"];
const PAGE = 50;

/** The service refuses transactional mail until a sending domain is verified (code 34). */
const needsDomain = (error: DeskError | null) => error?.code === "refused" && error.serviceCode === 34;

/** Single messages: sent one at a time, their log, one message's outcome, and the counts of the last days. */
export function TransactionalPage() {
  const t = useT();
  const format = useFormat();
  const [writing, setWriting] = useState(false);
  const [shown, setShown] = useState<MessageRow | null>(null);
  const [recipient, setRecipient] = useState("");
  const [outcome, setOutcome] = useState<MessageOutcome | null>(null);
  const [start, setStart] = useState(0);
  const typed = useDebounced(recipient.trim(), 300);
  const log = useQuery(messageLogQuery(typed || null, outcome, start));
  const stats = useQuery(messageStatsQuery(PERIOD_DAYS));
  usePaletteActions([{ id: "new-message", label: "transactional.new", run: () => setWriting(true) }]);
  const logError = log.error ? toDeskError(log.error) : null;
  const statsError = stats.error ? toDeskError(stats.error) : null;
  const domainFirst = needsDomain(logError) || needsDomain(statsError);

  return (
    <section className={styles.area} data-testid="transactional-page">
      <header className={styles.header}>
        <div>
          <h1>{t("transactional.title")}</h1>
          <p className={styles.subtitle}>{t("transactional.subtitle")}</p>
        </div>
        <Button variant="primary" onClick={() => setWriting(true)} data-testid="new-message">
          {t("transactional.new")}
        </Button>
      </header>
      {domainFirst ? (
        <div className={own.domainFirst} data-testid="needs-domain">
          <p className={own.strong}>{t("transactional.needsDomain.title")}</p>
          <p>{t("transactional.needsDomain.body")}</p>
          <Link to="/w/account" search={{ back: "/w/transactional" }} data-testid="open-domains">
            {t("transactional.needsDomain.open")}
          </Link>
        </div>
      ) : (
        <>
          {statsError && <ErrorNotice error={statsError} />}
          {stats.data && <p className={own.period}>{t("transactional.stats.period", { days: PERIOD_DAYS })}</p>}
          {stats.data && (
            <dl className={own.stats} data-testid="message-stats" aria-label={t("transactional.stats.period", { days: PERIOD_DAYS })}>
              {(["sent", "delivered", "opened", "clicked", "bounced", "complained"] as const).map((key) => (
                <div key={key} className={own.stat} data-testid={`stat-${key}`}>
                  <dt>{t(OUTCOMES[key])}</dt>
                  <dd>{format.count(stats.data[key])}</dd>
                </div>
              ))}
            </dl>
          )}
          <div className={own.toolbar}>
            <SearchInput label={t("transactional.log.search")} value={recipient} onChange={(value) => (setRecipient(value), setStart(0))} data-testid="message-search" />
            <select
              className={fieldStyles.input}
              aria-label={t("transactional.log.outcome")}
              value={outcome ?? ""}
              onChange={(e) => (setOutcome(e.target.value ? (e.target.value as MessageOutcome) : null), setStart(0))}
              data-testid="message-outcome"
            >
              <option value="">{t("transactional.log.anyOutcome")}</option>
              {FILTERED.map((key) => (
                <option key={key} value={key}>
                  {t(OUTCOMES[key])}
                </option>
              ))}
            </select>
          </div>
          {logError && <ErrorNotice error={logError} />}
          {log.isPending && <div className={styles.empty}>{t("transactional.log.loading")}</div>}
          {log.data && log.data.rows.length === 0 && (
            <div className={styles.empty}>
              <p className={styles.emptyTitle}>
                {typed || outcome ? t("transactional.log.noneFound") : t("transactional.log.none")}
              </p>
              {!typed && !outcome && <p>{t("transactional.log.noneHint")}</p>}
            </div>
          )}
          {log.data && log.data.rows.length > 0 && (
            <div className={styles.wrap}>
              <table className={styles.table} data-testid="message-log">
                <thead>
                  <tr>
                    <th>{t("transactional.log.sentAt")}</th>
                    <th>{t("transactional.log.to")}</th>
                    <th>{t("transactional.log.subject")}</th>
                    <th>{t("transactional.log.outcome")}</th>
                    <th>{t("transactional.log.messageId")}</th>
                  </tr>
                </thead>
                <tbody>
                  {log.data.rows.map((row) => (
                    <tr key={row.transactionId} data-testid="message-row" data-message-id={row.messageId} data-outcome={row.outcome}>
                      <td className={styles.nowrap}>{format.dateTime(row.sentAt)}</td>
                      <td className={styles.email}>{row.to}</td>
                      <td>
                        <button type="button" className={own.open} onClick={() => setShown(row)} data-testid="open-message">
                          {row.subject || t("transactional.log.noSubject")}
                        </button>
                      </td>
                      <td>
                        <span className={[own.outcome, failedOutcome(row.outcome) ? own.failed : ""].join(" ")}>{t(OUTCOMES[row.outcome])}</span>
                      </td>
                      <td className={own.id}>{row.messageId}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {log.data && (
            <NewerOlder start={start} size={PAGE} more={log.data.more} onStart={setStart} newer={t("transactional.log.newer")} older={t("transactional.log.older")} testId="messages" />
          )}
        </>
      )}
      {writing && <NewMessage onClose={() => setWriting(false)} />}
      {shown && <MessageDialog row={shown} onClose={() => setShown(null)} />}
    </section>
  );
}

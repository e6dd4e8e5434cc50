import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { createColumnHelper } from "@tanstack/react-table";
import { useCallback, useMemo, useState } from "react";
import type { DeskError } from "../../ipc/bindings/DeskError";
import type { MessageOutcome } from "../../ipc/bindings/MessageOutcome";
import type { MessageRow } from "../../ipc/bindings/MessageRow";
import type { PeriodWords } from "../../ipc/bindings/PeriodWords";
import { commandKey } from "../../ipc/cache";
import { messageLog, messagePeriodQuery } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { useFormat, useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { Chart } from "../../kit/Chart";
import { DataTable, type ColumnLayout } from "../../kit/DataTable";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { SearchInput } from "../../kit/Field";
import fieldStyles from "../../kit/Field.module.css";
import { usePaletteActions } from "../../kit/palette";
import { PaperClip } from "../../kit/PaperClip";
import styles from "../../kit/Page.module.css";
import { useDebounced } from "../../kit/useDebounced";
import { useTheme } from "../../kit/useTheme";
import { MessageDialog } from "./MessageDialog";
import { NewMessage } from "./NewMessage";
import { failedOutcome, OUTCOMES } from "./outcomes";
import own from "./Transactional.module.css";

/** The periods the counts can be of, in days; the page opens on the middle one. */
const PERIODS = [7, 30, 90] as const;
type Period = (typeof PERIODS)[number];
const COUNTED = ["sent", "delivered", "opened", "clicked", "bounced", "complained"] as const;
/** The outcomes the log can be narrowed to. */
const FILTERED: MessageOutcome[] = ["sent", "delivered", "opened", "clicked", "bounced", "complained", "unsubscribed", "dropped"];
/** The service's page of the log. */
const PAGE = 50;

/** The service refuses transactional mail until a sending domain is verified (code 34). */
const needsDomain = (error: DeskError | null) => error?.code === "refused" && error.serviceCode === 34;

const column = createColumnHelper<MessageRow>();
const meta = (m: ColumnLayout) => m;

/** Single messages: sent one at a time, their log, one message's outcome, and the counts of a period against the one before. */
export function TransactionalPage() {
  const t = useT();
  const format = useFormat();
  const theme = useTheme();
  const [writing, setWriting] = useState(false);
  const [shown, setShown] = useState<MessageRow | null>(null);
  const [recipient, setRecipient] = useState("");
  const [outcome, setOutcome] = useState<MessageOutcome | null>(null);
  const [days, setDays] = useState<Period>(30);
  const typed = useDebounced(recipient.trim(), 300) || null;
  const words: PeriodWords = useMemo(
    () => ({
      sent: t(OUTCOMES.sent),
      delivered: t(OUTCOMES.delivered),
      opened: t(OUTCOMES.opened),
      clicked: t(OUTCOMES.clicked),
      bounced: t(OUTCOMES.bounced),
      complained: t(OUTCOMES.complained),
      current: t("transactional.period.current", { days }),
      previous: t("transactional.period.previous", { days }),
    }),
    [t, days],
  );
  const period = useQuery(messagePeriodQuery(days, theme, words));
  // The log's first page, read as the table reads it: a service that refuses it says so above the table.
  const fetchPage = useCallback(
    (start: number) => messageLog(typed, outcome, start).then((page) => ({ rows: page.rows, hasMore: page.more })),
    [typed, outcome],
  );
  const first = useQuery({ queryKey: [...commandKey("message_log", typed, outcome), 0], queryFn: () => fetchPage(0), staleTime: 30_000 });
  usePaletteActions([{ id: "new-message", label: "transactional.new", run: () => setWriting(true) }]);
  const logError = first.error ? toDeskError(first.error) : null;
  const statsError = period.error ? toDeskError(period.error) : null;
  const domainFirst = needsDomain(logError) || needsDomain(statsError);

  const columns = useMemo(
    () => [
      column.accessor("sentAt", {
        header: () => t("transactional.log.sentAt"),
        cell: (c) => format.dateTime(c.getValue()),
        // Room for a Russian date and time ("28 нояб. 2026 г., 22:01") whole.
        meta: meta({ width: "190px" }),
      }),
      column.accessor("to", {
        header: () => t("transactional.log.to"),
        cell: (c) => c.getValue(),
        meta: meta({ width: "minmax(180px, 2fr)" }),
      }),
      column.accessor("subject", {
        header: () => t("transactional.log.subject"),
        cell: (c) => (
          <button type="button" className={own.open} onClick={(e) => (e.stopPropagation(), setShown(c.row.original))} data-testid="open-message">
            {c.getValue() || t("transactional.log.noSubject")}
            {c.row.original.files.length > 0 && (
              <span className={own.clip}>
                <PaperClip label={t("transactional.log.withFiles", { count: c.row.original.files.length })} />
              </span>
            )}
          </button>
        ),
        meta: meta({ width: "minmax(180px, 3fr)" }),
      }),
      column.accessor("outcome", {
        header: () => t("transactional.log.outcome"),
        cell: (c) => <span className={[own.outcome, failedOutcome(c.getValue()) ? own.failed : ""].join(" ")}>{t(OUTCOMES[c.getValue()])}</span>,
        meta: meta({ width: "150px" }),
      }),
      column.accessor("messageId", {
        header: () => t("transactional.log.messageId"),
        cell: (c) => <span className={own.id}>{c.getValue()}</span>,
        meta: meta({ width: "minmax(120px, 1fr)" }),
      }),
    ],
    [format, t],
  );

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
          <div className={own.toolbar}>
            <select
              className={fieldStyles.input}
              aria-label={t("transactional.period.label")}
              value={days}
              onChange={(e) => setDays(Number(e.target.value) as Period)}
              data-testid="message-period"
            >
              {PERIODS.map((n) => (
                <option key={n} value={n}>
                  {t("transactional.period.current", { days: n })}
                </option>
              ))}
            </select>
          </div>
          {statsError && <ErrorNotice error={statsError} />}
          {period.data && (
            <>
              <dl className={own.stats} data-testid="message-stats" aria-label={t("transactional.period.current", { days: period.data.days })}>
                {COUNTED.map((key) => (
                  <div key={key} className={own.stat} data-testid={`stat-${key}`}>
                    <dt>{t(OUTCOMES[key])}</dt>
                    <dd>{format.count(period.data.current[key])}</dd>
                    <dd className={own.before} data-testid="stat-before">
                      {t("transactional.period.before", { days: period.data.days, count: format.count(period.data.previous[key]) })}
                    </dd>
                  </div>
                ))}
              </dl>
              <div className={own.chart}>
                {period.data.chart.legend.length > 0 && (
                  <p className={own.legend} data-testid="message-period-legend">
                    {period.data.chart.legend.map((entry) => (
                      <span key={entry.name}>
                        <span className={own.swatch} style={{ background: entry.colour }} /> {entry.name}
                      </span>
                    ))}
                  </p>
                )}
                <Chart chart={period.data.chart} title={t("transactional.period.chart", { days: period.data.days })} testId="message-period-chart" />
              </div>
            </>
          )}
          <div className={own.toolbar}>
            <SearchInput label={t("transactional.log.search")} value={recipient} onChange={setRecipient} data-testid="message-search" />
            <select
              className={fieldStyles.input}
              aria-label={t("transactional.log.outcome")}
              value={outcome ?? ""}
              onChange={(e) => setOutcome(e.target.value ? (e.target.value as MessageOutcome) : null)}
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
          <div className={own.log}>
            <DataTable<MessageRow>
              key={JSON.stringify([typed, outcome])}
              label={t("transactional.log.label")}
              columns={columns}
              queryKey={commandKey("message_log", typed, outcome)}
              fetchPage={fetchPage}
              total={null}
              rowId={(row) => row.transactionId}
              pageSize={PAGE}
              onRowClick={setShown}
              rowProps={(row) => ({ "data-testid": "message-row", "data-message-id": row.messageId, "data-outcome": row.outcome })}
              empty={
                <>
                  <p className={styles.emptyTitle}>{typed || outcome ? t("transactional.log.noneFound") : t("transactional.log.none")}</p>
                  {!typed && !outcome && <p>{t("transactional.log.noneHint")}</p>}
                </>
              }
              testId="message-log"
            />
          </div>
        </>
      )}
      {writing && <NewMessage onClose={() => setWriting(false)} />}
      {shown && <MessageDialog row={shown} onClose={() => setShown(null)} />}
    </section>
  );
}

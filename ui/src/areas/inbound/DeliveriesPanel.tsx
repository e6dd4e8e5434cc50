import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { DeliveryRow } from "../../ipc/bindings/DeliveryRow";
import type { DeliveryState } from "../../ipc/bindings/DeliveryState";
import { routeDeliveriesQuery, routeDeliveryQuery } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { useFormat, useT, type MessageKey } from "../../i18n/I18n";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { NewerOlder } from "../../kit/NewerOlder";
import styles from "../../kit/Page.module.css";
import own from "./Inbound.module.css";

const PAGE = 50;
/** How often a delivery still queued is read again, until it has an outcome. */
export const QUEUED_AGAIN_MS = 5000;

const STATES: Record<DeliveryState, MessageKey> = {
  queued: "inbound.deliveries.queued",
  delivered: "inbound.deliveries.delivered",
  failed: "inbound.deliveries.failed",
  forwarded: "inbound.deliveries.forwarded",
  unknown: "inbound.deliveries.unknown",
};

const ACTIONS: Record<string, MessageKey> = {
  webhook: "inbound.action.webhook",
  notify: "inbound.deliveries.notify",
  forward: "inbound.action.forward",
};

/** What each webhook post, arrival notice and forward came to, newest first. */
export function DeliveriesPanel() {
  const t = useT();
  const [start, setStart] = useState(0);
  const page = useQuery(routeDeliveriesQuery(start));
  return (
    <section className={own.panel} aria-labelledby="inbound-deliveries" data-testid="inbound-deliveries">
      <h2 id="inbound-deliveries">{t("inbound.deliveries.title")}</h2>
      <p className={own.lead}>{t("inbound.deliveries.lead")}</p>
      {page.error && <ErrorNotice error={toDeskError(page.error)} />}
      {page.isPending && <div className={styles.empty}>{t("inbound.loading")}</div>}
      {page.data?.rows.length === 0 && <div className={styles.empty}>{t("inbound.deliveries.none")}</div>}
      {page.data && page.data.rows.length > 0 && (
        <table className={styles.table} data-testid="route-deliveries">
          <thead>
            <tr>
              <th>{t("inbound.deliveries.when")}</th>
              <th>{t("inbound.deliveries.action")}</th>
              <th>{t("inbound.deliveries.target")}</th>
              <th>{t("inbound.deliveries.state")}</th>
              <th className={styles.num}>{t("inbound.deliveries.answer")}</th>
            </tr>
          </thead>
          <tbody>
            {page.data.rows.map((row) => (
              <Delivery key={row.id} listed={row} />
            ))}
          </tbody>
        </table>
      )}
      {page.data && <NewerOlder start={start} size={PAGE} more={page.data.more} onStart={setStart} newer={t("inbound.newer")} older={t("inbound.older")} />}
    </section>
  );
}

/** One delivery; while it is queued it reads itself again every few seconds, alone, until the service says what came of it. */
function Delivery({ listed }: { listed: DeliveryRow }) {
  const t = useT();
  const format = useFormat();
  const again = useQuery({
    ...routeDeliveryQuery(listed.id),
    enabled: listed.state === "queued",
    refetchInterval: (query) => (query.state.data && query.state.data.state !== "queued" ? false : QUEUED_AGAIN_MS),
  });
  const row = again.data ?? listed;
  return (
    <tr data-testid="route-delivery" data-state={row.state}>
      <td className={styles.nowrap}>{format.dateTime(row.created)}</td>
      <td>{ACTIONS[row.action] ? t(ACTIONS[row.action] as MessageKey) : row.action}</td>
      <td className={own.url}>{row.target}</td>
      <td>
        <span className={[own.badge, row.state === "failed" ? own.bad : row.state === "queued" ? own.waiting : own.on].join(" ")}>{t(STATES[row.state])}</span>
        {row.error && <div className={own.note}>{row.error}</div>}
      </td>
      <td className={styles.num}>{row.responseCode ?? "—"}</td>
    </tr>
  );
}

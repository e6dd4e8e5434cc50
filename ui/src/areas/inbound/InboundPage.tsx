import { useQuery } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { inboundOverviewQuery, inboundRoutesQuery } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { useT, type MessageKey } from "../../i18n/I18n";
import { ErrorNotice } from "../../kit/ErrorNotice";
import styles from "../../kit/Page.module.css";
import { Tabs } from "../../kit/Tabs";
import { DeliveriesPanel } from "./DeliveriesPanel";
import { DomainsPanel } from "./DomainsPanel";
import { INBOUND_TABS, type InboundSearch, type InboundTab } from "./inboundSearch";
import { MessagesPanel } from "./MessagesPanel";
import { RoutesPanel } from "./RoutesPanel";
import { SettingsPanel } from "./SettingsPanel";
import own from "./Inbound.module.css";

const TAB_LABELS: Record<InboundTab, MessageKey> = {
  routes: "inbound.tab.routes",
  domains: "inbound.tab.domains",
  messages: "inbound.tab.messages",
  deliveries: "inbound.tab.deliveries",
  settings: "inbound.tab.settings",
};

/** Mail sent to the account's inbound domains: the routes it goes through, the domains, what was kept and what the webhooks answered. */
export function InboundPage() {
  const t = useT();
  const search = useSearch({ strict: false }) as InboundSearch;
  const navigate = useNavigate();
  const tab: InboundTab = search.tab ?? "routes";
  const overview = useQuery(inboundOverviewQuery());
  const routes = useQuery(inboundRoutesQuery());
  const data = overview.data;
  const readOnly = data?.access === "readOnly";
  return (
    <section className={styles.area} data-testid="inbound-page" data-access={data?.access}>
      <header className={styles.header}>
        <div>
          <h1>{t("inbound.title")}</h1>
          <p className={styles.subtitle}>{t("inbound.subtitle")}</p>
        </div>
      </header>
      {overview.error && <ErrorNotice error={toDeskError(overview.error)} />}
      {overview.isPending && <div className={styles.empty}>{t("inbound.loading")}</div>}
      {data?.access === "denied" && (
        <div className={styles.empty} data-testid="inbound-denied">
          <p className={styles.emptyTitle}>{t("inbound.denied.title")}</p>
          <p>{t("inbound.denied.body")}</p>
        </div>
      )}
      {data && data.access !== "denied" && (
        <>
          {readOnly && (
            <p className={own.readOnly} role="status" data-testid="inbound-read-only">
              {t("inbound.readOnly")}
            </p>
          )}
          <Tabs<InboundTab>
            label={t("inbound.tabs")}
            value={tab}
            items={INBOUND_TABS.map((value) => ({
              value,
              label: t(TAB_LABELS[value]),
              count: value === "routes" && routes.data ? String(routes.data.length) : value === "domains" ? String(data.domains.length) : undefined,
            }))}
            onChange={(next) => void navigate({ to: "/w/inbound", search: { tab: next }, replace: true })}
          />
          <div className={own.body}>
            {tab === "routes" && routes.error && <ErrorNotice error={toDeskError(routes.error)} />}
            {tab === "routes" && routes.data && <RoutesPanel routes={routes.data} readOnly={readOnly} />}
            {tab === "domains" && <DomainsPanel domains={data.domains} mx={data.mx} readOnly={readOnly} />}
            {tab === "messages" && <MessagesPanel readOnly={readOnly} />}
            {tab === "deliveries" && <DeliveriesPanel />}
            {tab === "settings" && <SettingsPanel settings={data.settings} readOnly={readOnly} />}
          </div>
        </>
      )}
    </section>
  );
}

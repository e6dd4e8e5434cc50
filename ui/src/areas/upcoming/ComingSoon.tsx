import { useRouterState } from "@tanstack/react-router";
import { useT, type MessageKey } from "../../i18n/I18n";
import styles from "./ComingSoon.module.css";

const ABOUT: Record<string, [MessageKey, MessageKey]> = {
  campaigns: ["nav.campaigns", "upcoming.campaigns"],
  reports: ["nav.reports", "upcoming.reports"],
  inbox: ["nav.inbox", "upcoming.inbox"],
  transactional: ["nav.transactional", "upcoming.transactional"],
  account: ["nav.account", "upcoming.account"],
  inbound: ["nav.inbound", "upcoming.inbound"],
};

export function ComingSoon() {
  const t = useT();
  const area = useRouterState({ select: (s) => s.location.pathname.split("/")[2] ?? "" });
  const [label, summary] = ABOUT[area] ?? ABOUT.campaigns;
  return (
    <section className={styles.area}>
      <h1>{t(label)}</h1>
      <div className={styles.empty} data-testid="coming-soon">
        <p className={styles.title}>{t("upcoming.notYet", { area: t(label) })}</p>
        <p>{t(summary)}</p>
        <p>{t("upcoming.meanwhile")}</p>
      </div>
    </section>
  );
}

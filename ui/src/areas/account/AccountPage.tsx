import { Link, useSearch } from "@tanstack/react-router";
import { useEffect } from "react";
import { useWorkspace } from "../../app/workspace";
import { accountOverviewQuery } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { useT } from "../../i18n/I18n";
import { ErrorNotice } from "../../kit/ErrorNotice";
import styles from "../../kit/Page.module.css";
import { useQuery } from "@tanstack/react-query";
import type { AccountSearch } from "./accountSearch";
import { BalancePanel } from "./BalancePanel";
import { DomainsPanel } from "./DomainsPanel";
import { SendersPanel } from "./SendersPanel";
import { WebhooksPanel } from "./WebhooksPanel";
import own from "./Account.module.css";

/** The service account: money and limits, senders, sending domains and webhooks; opened from a warning, it comes back there. */
export function AccountPage() {
  const t = useT();
  const search = useSearch({ strict: false }) as AccountSearch;
  const overview = useQuery(accountOverviewQuery());
  // The shell's balance (the sidebar's, the one said before a send or an import) follows the one read here.
  const { workspace, setWorkspace } = useWorkspace();
  const balance = overview.data?.balance;
  useEffect(() => {
    if (balance && workspace && JSON.stringify(balance) !== JSON.stringify(workspace.balance)) setWorkspace({ ...workspace, balance });
  }, [balance, workspace, setWorkspace]);
  return (
    <section className={styles.area} data-testid="account-page">
      <header className={styles.header}>
        <div>
          {search.back && (
            <Link to={search.back} className={styles.back} data-testid="back-to-letter">
              ← {t("account.backToLetter")}
            </Link>
          )}
          <h1>{t("account.title")}</h1>
          <p className={styles.subtitle}>{t("account.subtitle")}</p>
        </div>
      </header>
      {overview.error && <ErrorNotice error={toDeskError(overview.error)} />}
      {overview.isPending && <div className={styles.empty}>{t("account.loading")}</div>}
      {overview.data && (
        <div className={own.panels}>
          <BalancePanel balance={overview.data.balance} />
          <SendersPanel senders={overview.data.senders} wanted={search.sender} back={search.back} />
          <DomainsPanel domains={overview.data.domains} wanted={search.domain} back={search.back} />
          <WebhooksPanel />
        </div>
      )}
    </section>
  );
}

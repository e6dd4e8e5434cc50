import { balanceLow } from "../../app/balance";
import type { BalanceView } from "../../ipc/bindings/BalanceView";
import { useFormat, useT } from "../../i18n/I18n";
import own from "./Account.module.css";

/** Money on the account and what the plan still allows, each warned of as it runs low. */
export function BalancePanel({ balance }: { balance: BalanceView }) {
  const t = useT();
  const format = useFormat();
  const low = balanceLow(balance);
  const figure = (label: string, value: string, lowNote: string | null, testId: string) => (
    <div className={[own.figure, lowNote ? own.low : ""].join(" ")} data-testid={testId} data-low={lowNote !== null}>
      <dt>{label}</dt>
      <dd>{value}</dd>
      {lowNote && <dd className={own.warning}>{lowNote}</dd>}
    </div>
  );
  return (
    <section className={own.panel} aria-labelledby="account-balance" data-testid="account-balance">
      <h2 id="account-balance">{t("account.balance.title")}</h2>
      <dl className={own.figures}>
        {balance.money !== null && figure(t("account.balance.money"), format.money(balance.money, balance.currency), null, "balance-money")}
        {figure(
          t("account.balance.messagesLeft"),
          format.count(balance.messagesLeft),
          low.includes("messages") ? t("account.balance.messagesLow", { subscribers: format.count(balance.subscribers) }) : null,
          "balance-messages",
        )}
        {figure(
          t("account.balance.subscribers"),
          balance.subscriberLimit === null
            ? t("account.balance.subscribersUnlimited", { count: format.count(balance.subscribers) })
            : t("account.balance.subscribersOf", { count: format.count(balance.subscribers), limit: format.count(balance.subscriberLimit) }),
          low.includes("subscribers") ? t("account.balance.subscribersLow") : null,
          "balance-subscribers",
        )}
      </dl>
    </section>
  );
}

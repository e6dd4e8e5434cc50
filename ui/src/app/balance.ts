import type { BalanceView } from "../ipc/bindings/BalanceView";

/** What of the plan runs low: messages, when fewer are left than the account has subscribers (a send to all would stop short); subscribers, at nine tenths of the cap. */
export type BalanceLow = "messages" | "subscribers";

export function balanceLow(balance: BalanceView): BalanceLow[] {
  const low: BalanceLow[] = [];
  if (balance.messagesLeft < balance.subscribers) low.push("messages");
  if (balance.subscriberLimit !== null && balance.subscribers >= balance.subscriberLimit * 0.9) low.push("subscribers");
  return low;
}

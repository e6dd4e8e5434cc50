import type { BalanceView } from "../ipc/bindings/BalanceView";

/** What of the plan runs low: messages, when fewer are left than the account has subscribers (a send to all would stop short); subscribers, at nine tenths of the cap. */
export type BalanceLow = "messages" | "subscribers";

export function balanceLow(balance: BalanceView): BalanceLow[] {
  const low: BalanceLow[] = [];
  if (balance.messagesLeft < balance.subscribers) low.push("messages");
  if (balance.subscriberLimit !== null && balance.subscribers >= balance.subscriberLimit * 0.9) low.push("subscribers");
  return low;
}

/** What the plan still allows of `kind` against what is `needed`; `null` when it sets no limit of that kind. */
export function planRoom(balance: BalanceView, kind: "messages" | "subscribers", needed: number): { room: number; short: boolean } | null {
  const room = kind === "messages" ? balance.messagesLeft : balance.subscriberLimit === null ? null : Math.max(0, balance.subscriberLimit - balance.subscribers);
  return room === null ? null : { room, short: needed > room };
}

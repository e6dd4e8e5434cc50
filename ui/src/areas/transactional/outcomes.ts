import type { MessageOutcome } from "../../ipc/bindings/MessageOutcome";
import type { MessageKey } from "../../i18n/I18n";

/** Each outcome of a message, as said. */
export const OUTCOMES: Record<MessageOutcome, MessageKey> = {
  sent: "transactional.outcome.sent",
  delivered: "transactional.outcome.delivered",
  opened: "transactional.outcome.opened",
  clicked: "transactional.outcome.clicked",
  bounced: "transactional.outcome.bounced",
  complained: "transactional.outcome.complained",
  unsubscribed: "transactional.outcome.unsubscribed",
  dropped: "transactional.outcome.dropped",
  unknown: "transactional.outcome.unknown",
};

/** Whether an outcome means the message did not reach the reader. */
export const failedOutcome = (outcome: MessageOutcome) => outcome === "bounced" || outcome === "dropped" || outcome === "complained";

import type { AutomationState } from "../../ipc/bindings/AutomationState";
import type { Delay } from "../../ipc/bindings/Delay";
import type { TriggerEvent } from "../../ipc/bindings/TriggerEvent";
import { TRIGGER_EVENTS } from "../../i18n/explain";
import type { MessageKey, MessageValues } from "../../i18n/I18n";

type T = (key: MessageKey, values?: MessageValues) => string;

export const STATE_LABELS: Record<AutomationState, MessageKey> = {
  active: "automations.state.active",
  stopped: "automations.state.stopped",
  archived: "automations.state.archived",
};

const DELAYS: Record<Delay["unit"], MessageKey> = {
  hour: "automations.delay.hours",
  day: "automations.delay.days",
  week: "automations.delay.weeks",
};

/** "Subscribes through a form or is added by hand": what starts it. */
export function eventsText(events: TriggerEvent[], t: T): string {
  return events.map((e) => t(TRIGGER_EVENTS[e])).join(t("automations.event.or"));
}

/** "at once" or "after 3 days". */
export function delayText(delay: Delay | null, t: T): string {
  return delay ? t(DELAYS[delay.unit], { count: delay.quantity }) : t("automations.delay.none");
}

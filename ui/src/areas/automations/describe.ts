import type { AutomationState } from "../../ipc/bindings/AutomationState";
import type { Delay } from "../../ipc/bindings/Delay";
import type { TriggerEvent } from "../../ipc/bindings/TriggerEvent";
import type { MessageKey, MessageValues } from "../../i18n/I18n";

type T = (key: MessageKey, values?: MessageValues) => string;

/** What starts an automation, as the user reads it. */
export const TRIGGER_EVENTS: Record<TriggerEvent, MessageKey> = {
  form: "automations.event.form",
  add: "automations.event.add",
  upload: "automations.event.upload",
  open: "automations.event.open",
  click: "automations.event.click",
  href: "automations.event.href",
  edit: "automations.event.edit",
  rating: "automations.event.rating",
};

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

import type { AutomationEditor } from "../../ipc/bindings/AutomationEditor";
import type { AutomationForm } from "../../ipc/bindings/AutomationForm";
import type { DelayUnit } from "../../ipc/bindings/DelayUnit";
import type { TriggerEvent } from "../../ipc/bindings/TriggerEvent";
import { TRIGGER_EVENTS } from "./describe";
import { useT, type MessageKey } from "../../i18n/I18n";
import { hhmm } from "../../kit/calendar";
import { TimeOfDay } from "../../kit/TimeOfDay";
import own from "./Automations.module.css";

const EVENTS: TriggerEvent[] = ["form", "add", "upload", "rating", "open", "click", "href", "edit"];
/** The service takes these only on their own. */
const ALONE: TriggerEvent[] = ["open", "click", "edit"];
const UNITS: Record<DelayUnit, MessageKey> = { hour: "automations.unit.hour", day: "automations.unit.day", week: "automations.unit.week" };

/** What the events watch: campaigns (`open`, `click`, `href`), fields (`edit`) or nothing beyond the lists. */
function watching(events: TriggerEvent[]): "campaigns" | "fields" | "lists" {
  if (events.includes("edit")) return "fields";
  return events.some((e) => e === "open" || e === "click" || e === "href") ? "campaigns" : "lists";
}

/** The events chosen after ticking or unticking one: `open`, `click` and `edit` stand alone, so choosing one clears the rest. */
export function toggleEvent(events: TriggerEvent[], event: TriggerEvent, on: boolean): TriggerEvent[] {
  if (!on) return events.filter((e) => e !== event);
  if (ALONE.includes(event)) return [event];
  return [...events.filter((e) => !ALONE.includes(e)), event];
}

interface TriggerFieldsProps {
  form: AutomationForm;
  change: (patch: Partial<AutomationForm>) => void;
  view: AutomationEditor;
}

/** What starts the automation, what it watches, how long it waits, when it may send, and whether it is on. */
export function TriggerFields({ form, change, view }: TriggerFieldsProps) {
  const t = useT();
  const watches = watching(form.events);
  const fields = new Map<number, string>();
  for (const list of view.context.lists) if (form.listIds.includes(list.id)) for (const tag of list.tags) fields.set(tag.field, tag.title);
  const watch = (id: number, on: boolean) => change({ watched: on ? [...form.watched, id] : form.watched.filter((w) => w !== id) });
  // What was watched goes when the events come to watch something else.
  const changeEvents = (events: TriggerEvent[]) => change({ events, watched: watching(events) === watches ? form.watched : [] });
  return (
    <fieldset className={own.trigger} data-testid="automation-trigger">
      <legend>{t("automations.trigger.legend")}</legend>
      <div className={own.events} role="group" aria-label={t("field.triggerEvents")}>
        {EVENTS.map((event) => (
          <label key={event} className={own.choice}>
            <input
              type="checkbox"
              checked={form.events.includes(event)}
              onChange={(e) => changeEvents(toggleEvent(form.events, event, e.target.checked))}
              data-testid="automation-event"
              data-event={event}
            />
            {t(TRIGGER_EVENTS[event])}
          </label>
        ))}
      </div>
      <p className={own.hint}>{t("automations.event.aloneHint")}</p>
      {watches === "campaigns" && (
        <div role="group" aria-label={t("field.watchedCampaigns")}>
          <span className={own.hint}>{t("field.watchedCampaigns")}</span>
          <div className={own.watched}>
            {view.campaigns.length === 0 && <span className={own.hint}>{t("automations.noSentCampaigns")}</span>}
            {view.campaigns.map((c) => (
              <label key={c.id} className={own.choice}>
                <input type="checkbox" checked={form.watched.includes(c.id)} onChange={(e) => watch(c.id, e.target.checked)} data-testid="watched-campaign" />
                {c.name}
              </label>
            ))}
          </div>
        </div>
      )}
      {watches === "fields" && (
        <div role="group" aria-label={t("field.watchedFields")}>
          <span className={own.hint}>{t("field.watchedFields")}</span>
          <div className={own.watched}>
            {[...fields].map(([field, title]) => (
              <label key={field} className={own.choice}>
                <input type="checkbox" checked={form.watched.includes(field)} onChange={(e) => watch(field, e.target.checked)} data-testid="watched-field" />
                {title}
              </label>
            ))}
          </div>
        </div>
      )}
      <div className={own.row}>
        <label className={own.choice}>
          <input
            type="checkbox"
            checked={form.delay !== null}
            onChange={(e) => change({ delay: e.target.checked ? { quantity: 1, unit: "day" } : null })}
            data-testid="automation-delayed"
          />
          {t("automations.delay.wait")}
        </label>
        {form.delay && (
          <>
            <input
              type="number"
              min={1}
              max={999}
              value={form.delay.quantity}
              aria-label={t("automations.delay.quantity")}
              onChange={(e) => change({ delay: { quantity: Math.max(1, Math.round(Number(e.target.value)) || 1), unit: form.delay!.unit } })}
              data-testid="automation-delay"
            />
            <select
              value={form.delay.unit}
              aria-label={t("automations.delay.unit")}
              onChange={(e) => change({ delay: { quantity: form.delay!.quantity, unit: e.target.value as DelayUnit } })}
              data-testid="automation-delay-unit"
            >
              {Object.entries(UNITS).map(([unit, label]) => (
                <option key={unit} value={unit}>
                  {t(label)}
                </option>
              ))}
            </select>
          </>
        )}
      </div>
      <div className={own.row}>
        <label className={own.choice}>
          <input
            type="checkbox"
            checked={form.sendingHour !== null}
            onChange={(e) => change({ sendingHour: e.target.checked ? "10:00" : null })}
            data-testid="automation-restricted"
          />
          {t("automations.sendingHour")}
        </label>
        {form.sendingHour !== null && (
          <TimeOfDay
            hour={Number(form.sendingHour.slice(0, 2))}
            minute={Number(form.sendingHour.slice(3, 5))}
            onChange={(hour, minute) => change({ sendingHour: hhmm(hour, minute) })}
            testId="automation-sending"
          />
        )}
      </div>
      <label className={own.choice}>
        <input type="checkbox" checked={form.active} onChange={(e) => change({ active: e.target.checked })} data-testid="automation-active" />
        {t("automations.active")}
      </label>
    </fieldset>
  );
}

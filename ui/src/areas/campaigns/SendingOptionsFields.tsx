import type { SendingOptions } from "../../ipc/bindings/SendingOptions";
import { useT } from "../../i18n/I18n";
import letter from "../../letter/Letter.module.css";

/** Open and click tracking, analytics labels on links, and gradual sending. */
export function SendingOptionsFields({ options, onChange }: { options: SendingOptions; onChange: (options: SendingOptions) => void }) {
  const t = useT();
  const change = (patch: Partial<SendingOptions>) => onChange({ ...options, ...patch });
  const number = (value: string) => Math.max(1, Math.round(Number(value)) || 1);
  return (
    <fieldset className={letter.section} data-testid="sending-options">
      <legend>{t("options.title")}</legend>
      <label className={letter.inline}>
        <input type="checkbox" checked={options.trackOpens} onChange={(e) => change({ trackOpens: e.target.checked })} data-testid="track-opens" />
        {t("options.trackOpens")}
      </label>
      <label className={letter.inline}>
        <input type="checkbox" checked={options.trackClicks} onChange={(e) => change({ trackClicks: e.target.checked })} data-testid="track-clicks" />
        {t("options.trackClicks")}
      </label>
      <label className={letter.inline}>
        <input
          type="checkbox"
          checked={options.utm !== null}
          onChange={(e) => change({ utm: e.target.checked ? { source: "email", medium: "newsletter", campaign: "" } : null })}
          data-testid="utm"
        />
        {t("options.utm")}
      </label>
      {options.utm && (
        <div className={letter.condition}>
          {(["source", "medium", "campaign"] as const).map((key) => (
            <input
              key={key}
              value={options.utm![key]}
              placeholder={`utm_${key}`}
              aria-label={`utm_${key}`}
              onChange={(e) => change({ utm: { ...options.utm!, [key]: e.target.value } })}
              data-testid={`utm-${key}`}
            />
          ))}
        </div>
      )}
      <label className={letter.inline}>
        <input
          type="checkbox"
          checked={options.gradual !== null}
          onChange={(e) => change({ gradual: e.target.checked ? { messages: 1000, minutes: 60 } : null })}
          data-testid="gradual"
        />
        {t("options.gradual")}
      </label>
      {options.gradual && (
        <div className={letter.condition}>
          <input type="number" min={1} value={options.gradual.messages} aria-label={t("options.gradualMessages")} onChange={(e) => change({ gradual: { ...options.gradual!, messages: number(e.target.value) } })} data-testid="gradual-messages" />
          <span>{t("options.gradualEvery")}</span>
          <input type="number" min={1} value={options.gradual.minutes} aria-label={t("options.gradualMinutes")} onChange={(e) => change({ gradual: { ...options.gradual!, minutes: number(e.target.value) } })} data-testid="gradual-minutes" />
          <span>{t("options.gradualMinutesUnit")}</span>
        </div>
      )}
    </fieldset>
  );
}

import { useT } from "../i18n/I18n";
import { twoDigits } from "./calendar";
import styles from "./TimeOfDay.module.css";

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const MINUTES = Array.from({ length: 60 }, (_, m) => m);

interface TimeOfDayProps {
  hour: number;
  minute: number;
  onChange: (hour: number, minute: number) => void;
  disabled?: boolean;
  /** The hour is `<testId>-hour`, the minute `<testId>-minute`. */
  testId: string;
}

/**
 * A time of day on the 24-hour clock, an hour and a minute to choose: the
 * same in every language, where WebKit's own time input follows the
 * system's locale, not the app's.
 */
export function TimeOfDay({ hour, minute, onChange, disabled, testId }: TimeOfDayProps) {
  const t = useT();
  return (
    <span className={styles.time}>
      <select value={hour} disabled={disabled} aria-label={t("kit.date.hour")} onChange={(e) => onChange(Number(e.target.value), minute)} data-testid={`${testId}-hour`}>
        {HOURS.map((h) => (
          <option key={h} value={h}>
            {twoDigits(h)}
          </option>
        ))}
      </select>
      <span aria-hidden>:</span>
      <select value={minute} disabled={disabled} aria-label={t("kit.date.minute")} onChange={(e) => onChange(hour, Number(e.target.value))} data-testid={`${testId}-minute`}>
        {MINUTES.map((m) => (
          <option key={m} value={m}>
            {twoDigits(m)}
          </option>
        ))}
      </select>
    </span>
  );
}

import { useEffect, useMemo, useRef, useState } from "react";
import { useFormat, useLocale, useT } from "../i18n/I18n";
import { Button } from "./Button";
import { firstWeekday, isoDay, localValue, monthPage } from "./calendar";
import styles from "./DateTimeField.module.css";
import { TimeOfDay } from "./TimeOfDay";

interface DateTimeFieldProps {
  label: string;
  /** `YYYY-MM-DDTHH:MM` in the user's local time, or empty. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The day button is `<testId>-day`, the hour and minute `<testId>-hour` and `-minute`; the days `calendar-day`. */
  testId: string;
}

/**
 * A day from a calendar in the app's language (weeks as the locale starts
 * them, past days not offered) and a time of day on the 24-hour clock: what
 * WebKit's own date and time input cannot do, as it follows the system's
 * locale, not the app's.
 */
export function DateTimeField({ label, value, onChange, disabled, testId }: DateTimeFieldProps) {
  const t = useT();
  const format = useFormat();
  const { locale } = useLocale();
  const today = isoDay(new Date());
  const day = value.slice(0, 10);
  const [hour, setHour] = useState(value ? Number(value.slice(11, 13)) : 10);
  const [minute, setMinute] = useState(value ? Number(value.slice(14, 16)) : 0);
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(() => {
    const at = new Date(`${day || today}T00:00`);
    return { year: at.getFullYear(), month: at.getMonth() };
  });
  const box = useRef<HTMLDivElement>(null);
  const weekStart = firstWeekday(locale);
  const page = useMemo(() => monthPage(shown.year, shown.month, weekStart, today), [shown, weekStart, today]);
  const weekdays = page[0].map((d) => new Intl.DateTimeFormat(locale, { weekday: "short" }).format(new Date(`${d.date}T12:00`)));
  const title = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric" }).format(new Date(shown.year, shown.month, 1));
  const emit = (nextDay: string, h: number, m: number) => nextDay && onChange(localValue(nextDay, h, m));
  const turn = (by: number) => setShown(({ year, month }) => ({ year: year + Math.floor((month + by) / 12), month: (month + by + 12) % 12 }));

  // A click anywhere else, or Escape, closes the calendar.
  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => !box.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener("mousedown", away);
    return () => document.removeEventListener("mousedown", away);
  }, [open]);

  return (
    <div className={styles.field} ref={box} onKeyDown={(e) => e.key === "Escape" && setOpen(false)} data-testid={testId} data-value={value}>
      <span className={styles.label}>{label}</span>
      <button
        type="button"
        className={styles.day}
        disabled={disabled}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid={`${testId}-day`}
      >
        {day ? format.date(day) : t("kit.date.pick")}
      </button>
      <TimeOfDay
        hour={hour}
        minute={minute}
        disabled={disabled}
        onChange={(h, m) => (setHour(h), setMinute(m), emit(day, h, m))}
        testId={testId}
      />
      {open && (
        <div className={styles.calendar} role="dialog" aria-label={label}>
          <div className={styles.head}>
            <Button variant="link" onClick={() => turn(-1)} aria-label={t("kit.date.previous")} data-testid="calendar-previous">
              ‹
            </Button>
            <span className={styles.title}>{title}</span>
            <Button variant="link" onClick={() => turn(1)} aria-label={t("kit.date.next")} data-testid="calendar-next">
              ›
            </Button>
          </div>
          <table className={styles.grid}>
            <thead>
              <tr>
                {weekdays.map((w) => (
                  <th key={w} scope="col">
                    {w}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page.map((week) => (
                <tr key={week[0].date}>
                  {week.map((d) => (
                    <td key={d.date}>
                      <button
                        type="button"
                        className={[styles.date, d.outside ? styles.outside : "", d.date === day ? styles.chosen : "", d.date === today ? styles.today : ""].join(" ")}
                        disabled={d.past}
                        aria-pressed={d.date === day}
                        aria-label={format.date(d.date)}
                        onClick={() => {
                          emit(d.date, hour, minute);
                          setOpen(false);
                        }}
                        data-testid="calendar-day"
                        data-date={d.date}
                      >
                        {d.day}
                      </button>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useFormat, useLocale, useT } from "../i18n/I18n";
import { Button } from "./Button";
import { addMonths, dayAfterKey, firstWeekday, isoDay, localValue, monthPage } from "./calendar";
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
 * locale, not the app's. The calendar opens on the chosen day (or today)
 * with the focus on it, and moves by the keys date pickers use (see
 * `dayAfterKey`); Enter or Space takes the day, Escape leaves it.
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
  const opener = useRef<HTMLButtonElement>(null);
  // The day the keyboard is on: the calendar's one stop in the Tab order.
  const [focusDay, setFocusDay] = useState(today);
  // A day that is to take the focus once it is drawn (the calendar opened, a key moved).
  const focusPending = useRef<string | null>(null);
  useEffect(() => {
    const date = focusPending.current;
    if (date === null) return;
    const button = box.current?.querySelector<HTMLButtonElement>(`[data-testid="calendar-day"][data-date="${date}"]`);
    if (!button) return;
    focusPending.current = null;
    button.focus();
  });
  const weekStart = firstWeekday(locale);
  const page = useMemo(() => monthPage(shown.year, shown.month, weekStart, today), [shown, weekStart, today]);
  const weekdays = page[0].map((d) => new Intl.DateTimeFormat(locale, { weekday: "short" }).format(new Date(`${d.date}T12:00`)));
  const title = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric" }).format(new Date(shown.year, shown.month, 1));
  const emit = (nextDay: string, h: number, m: number) => nextDay && onChange(localValue(nextDay, h, m));
  const showMonthOf = (date: string) => setShown({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) - 1 });
  const turn = (by: number) => {
    setShown(({ year, month }) => ({ year: year + Math.floor((month + by) / 12), month: (month + by + 12) % 12 }));
    const moved = addMonths(focusDay, by);
    setFocusDay(moved < today ? today : moved);
  };
  const openCalendar = () => {
    const start = day && day >= today ? day : today;
    setFocusDay(start);
    showMonthOf(start);
    focusPending.current = start;
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  const onDayKey = (press: KeyboardEvent<HTMLTableSectionElement>) => {
    if (press.altKey || press.ctrlKey || press.metaKey) return;
    const next = dayAfterKey(press, focusDay, weekStart, today);
    if (next === null) return;
    press.preventDefault();
    setFocusDay(next);
    showMonthOf(next);
    focusPending.current = next;
  };

  // A click anywhere else, or Escape, closes the calendar.
  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => !box.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener("mousedown", away);
    return () => document.removeEventListener("mousedown", away);
  }, [open]);

  return (
    <div className={styles.field} ref={box} onKeyDown={(e) => open && e.key === "Escape" && close()} data-testid={testId} data-value={value}>
      <span className={styles.label}>{label}</span>
      <button
        type="button"
        className={styles.day}
        ref={opener}
        disabled={disabled}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => (open ? setOpen(false) : openCalendar())}
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
            <tbody onKeyDown={onDayKey}>
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
                        tabIndex={d.date === focusDay ? 0 : -1}
                        onClick={() => {
                          emit(d.date, hour, minute);
                          close();
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

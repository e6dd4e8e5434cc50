/** A day of a month's calendar page. */
export interface CalendarDay {
  /** `YYYY-MM-DD`. */
  date: string;
  day: number;
  /** Shown to fill the first or last week: it belongs to the month before or after. */
  outside: boolean;
  /** Before `today`: nothing can be planned for it. */
  past: boolean;
}

/** A number of a date or a time, as two digits: `07`. */
export const twoDigits = (n: number) => String(n).padStart(2, "0");

/** `YYYY-MM-DD` of a date, in local time. */
export function isoDay(at: Date): string {
  return `${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())}`;
}

/** A time of day on the 24-hour clock: `HH:MM`. */
export function hhmm(hour: number, minute: number): string {
  return `${twoDigits(hour)}:${twoDigits(minute)}`;
}

/** A date and time as a `datetime-local` value writes it: `YYYY-MM-DDTHH:MM`. */
export function localValue(day: string, hour: number, minute: number): string {
  return `${day}T${hhmm(hour, minute)}`;
}

/** The weekday a week starts on in the locale: 0 Sunday, 1 Monday. */
export function firstWeekday(locale: string): number {
  const info = (new Intl.Locale(locale) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } });
  const firstDay = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay;
  if (firstDay !== undefined) return firstDay % 7;
  return locale.startsWith("en-US") || locale === "en" ? 0 : 1;
}

/** A month's page of whole weeks, starting on `weekStart` (0 Sunday … 6 Saturday). */
export function monthPage(year: number, month: number, weekStart: number, today: string): CalendarDay[][] {
  const first = new Date(year, month, 1);
  const lead = (first.getDay() - weekStart + 7) % 7;
  const days = new Date(year, month + 1, 0).getDate();
  const weeks = Math.ceil((lead + days) / 7);
  const page: CalendarDay[][] = [];
  for (let w = 0; w < weeks; w++) {
    const week: CalendarDay[] = [];
    for (let d = 0; d < 7; d++) {
      const at = new Date(year, month, 1 - lead + w * 7 + d);
      const date = isoDay(at);
      week.push({ date, day: at.getDate(), outside: at.getMonth() !== month, past: date < today });
    }
    page.push(week);
  }
  return page;
}

/** The day `days` after `date` (`YYYY-MM-DD`), or before it when negative. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number);
  return isoDay(new Date(year, month - 1, day + days));
}

/** The same day `months` later (or earlier), or that month's last when it is shorter: 31 January, 28 February. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number);
  const last = new Date(year, month - 1 + months + 1, 0).getDate();
  return isoDay(new Date(year, month - 1 + months, Math.min(day, last)));
}

/** What the keys of a calendar's day read: which, and whether Shift is held. */
export type DayKey = Pick<KeyboardEvent, "key" | "shiftKey">;

/**
 * The day a key moves a calendar's focus to from `date`, as date pickers
 * have it: a day with Left and Right, a week with Up and Down, a month with
 * Page Up and Page Down (a year with Shift), the week's first and last days
 * with Home and End (weeks starting on `weekStart`). Never before `today`,
 * whose past days are not offered. `null`: the key is not the calendar's.
 */
export function dayAfterKey(press: DayKey, date: string, weekStart: number, today: string): string | null {
  const weekday = (new Date(`${date}T12:00`).getDay() - weekStart + 7) % 7;
  const page = press.shiftKey ? 12 : 1;
  const moves = new Map<string, () => string>([
    ["ArrowLeft", () => addDays(date, -1)],
    ["ArrowRight", () => addDays(date, 1)],
    ["ArrowUp", () => addDays(date, -7)],
    ["ArrowDown", () => addDays(date, 7)],
    ["PageUp", () => addMonths(date, -page)],
    ["PageDown", () => addMonths(date, page)],
    ["Home", () => addDays(date, -weekday)],
    ["End", () => addDays(date, 6 - weekday)],
  ]);
  const move = moves.get(press.key);
  if (!move) return null;
  const next = move();
  return next < today ? today : next;
}

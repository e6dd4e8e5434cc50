import { describe, expect, it } from "vitest";
import { addDays, addMonths, dayAfterKey, firstWeekday, hhmm, localValue, monthPage } from "./calendar";

describe("a month's calendar page", () => {
  it("starts its weeks on Monday in Russian and on Sunday in American English", () => {
    expect(firstWeekday("ru")).toBe(1);
    expect(firstWeekday("en-US")).toBe(0);
    // November 2026 begins on a Sunday.
    const monday = monthPage(2026, 10, 1, "2026-11-24");
    expect(monday[0].map((d) => d.date)).toEqual(["2026-10-26", "2026-10-27", "2026-10-28", "2026-10-29", "2026-10-30", "2026-10-31", "2026-11-01"]);
    expect(monthPage(2026, 10, 0, "2026-11-24")[0][0].date).toBe("2026-11-01");
  });

  it("holds whole weeks, marks the days outside the month and the past", () => {
    const page = monthPage(2026, 10, 1, "2026-11-24");
    expect(page.every((week) => week.length === 7)).toBe(true);
    const days = page.flat();
    expect(days.filter((d) => !d.outside)).toHaveLength(30);
    expect(days.find((d) => d.date === "2026-11-23")?.past).toBe(true);
    expect(days.find((d) => d.date === "2026-11-24")?.past).toBe(false);
    expect(days.at(-1)?.date).toBe("2026-12-06");
    expect(monthPage(2027, 1, 1, "2026-11-24").flat().filter((d) => !d.outside), "February 2027").toHaveLength(28);
  });

  it("writes a chosen day and time as the picker's value", () => {
    expect(localValue("2026-12-01", 9, 5)).toBe("2026-12-01T09:05");
    expect(hhmm(17, 45), "an automation's time of day").toBe("17:45");
    expect(hhmm(0, 0)).toBe("00:00");
  });
});

describe("moving a calendar's day by the keys", () => {
  const key = (k: string, shiftKey = false) => ({ key: k, shiftKey });
  const today = "2026-11-24"; // a Tuesday

  it("counts days and months across their ends, keeping the day a month has", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
    expect(addMonths("2027-03-31", -1)).toBe("2027-02-28");
  });

  it("goes a day, a week, a month or a year, and to the week's ends as the locale starts it", () => {
    expect(dayAfterKey(key("ArrowRight"), today, 1, today)).toBe("2026-11-25");
    expect(dayAfterKey(key("ArrowDown"), today, 1, today)).toBe("2026-12-01");
    expect(dayAfterKey(key("ArrowUp"), "2026-12-01", 1, today)).toBe("2026-11-24");
    expect(dayAfterKey(key("PageDown"), "2026-12-31", 1, today)).toBe("2027-01-31");
    expect(dayAfterKey(key("PageDown", true), today, 1, today)).toBe("2027-11-24");
    expect(dayAfterKey(key("Home"), "2026-12-03", 1, today), "Monday starts the Russian week").toBe("2026-11-30");
    expect(dayAfterKey(key("Home"), "2026-12-03", 0, today), "Sunday the American").toBe("2026-11-29");
    expect(dayAfterKey(key("End"), "2026-12-03", 1, today)).toBe("2026-12-06");
    expect(dayAfterKey(key("End"), "2026-12-03", 0, today)).toBe("2026-12-05");
  });

  it("stops at today, whose past is not offered, and leaves other keys alone", () => {
    expect(dayAfterKey(key("ArrowLeft"), today, 1, today)).toBe(today);
    expect(dayAfterKey(key("Home"), "2026-11-26", 1, today), "the week's Monday is past").toBe(today);
    expect(dayAfterKey(key("PageUp"), "2026-12-10", 1, today)).toBe(today);
    expect(dayAfterKey(key("Enter"), today, 1, today)).toBeNull();
    expect(dayAfterKey(key("toString"), today, 1, today)).toBeNull();
  });
});

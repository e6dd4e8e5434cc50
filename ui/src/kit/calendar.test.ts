import { describe, expect, it } from "vitest";
import { firstWeekday, hhmm, localValue, monthPage } from "./calendar";

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

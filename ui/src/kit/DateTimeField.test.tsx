import { cleanup, fireEvent, screen, waitFor } from "@testing-library/preact";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../test/render";
import { DateTimeField } from "./DateTimeField";

// Today is Tuesday, 24 November 2026: only the clock's date is pretended, timers run as ever.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2026, 10, 24, 9, 0));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Field({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState("");
  return <DateTimeField label="Send at" value={value} onChange={(v) => (setValue(v), onChange(v))} testId="at" />;
}

const focusedDay = () => document.activeElement?.getAttribute("data-date");
const press = (key: string, init: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(document.activeElement!, { key, ...init });

describe("the calendar from the keyboard", () => {
  it("opens on today with the focus on it, and moves by day, week and month, turning its page", async () => {
    renderWithApp(<Field onChange={vi.fn()} />);
    fireEvent.click(screen.getByTestId("at-day"));
    await waitFor(() => expect(focusedDay()).toBe("2026-11-24"));
    const stops = screen.getAllByTestId("calendar-day").filter((d) => d.tabIndex === 0);
    expect(stops.map((d) => d.getAttribute("data-date")), "one day in the Tab order").toEqual(["2026-11-24"]);
    press("ArrowRight");
    await waitFor(() => expect(focusedDay()).toBe("2026-11-25"));
    press("ArrowDown");
    press("ArrowDown");
    await waitFor(() => expect(focusedDay()).toBe("2026-12-09"));
    expect(screen.getByRole("dialog").textContent).toContain("December 2026");
    press("PageDown");
    await waitFor(() => expect(focusedDay()).toBe("2027-01-09"));
    expect(screen.getByRole("dialog").textContent).toContain("January 2027");
    press("PageUp", { shiftKey: true });
    await waitFor(() => expect(focusedDay(), "a year back is past: today").toBe("2026-11-24"));
    press("ArrowLeft");
    expect(focusedDay()).toBe("2026-11-24");
  });

  it("takes the day with Enter and gives the focus back to the field", async () => {
    const onChange = vi.fn();
    renderWithApp(<Field onChange={onChange} />);
    fireEvent.click(screen.getByTestId("at-day"));
    await waitFor(() => expect(focusedDay()).toBe("2026-11-24"));
    press("End");
    await waitFor(() => expect(focusedDay(), "the English week ends on Saturday").toBe("2026-11-28"));
    // Enter on a button is its click.
    fireEvent.click(document.activeElement!);
    expect(onChange).toHaveBeenCalledWith("2026-11-28T10:00");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId("at-day"));
  });

  it("reopens on the chosen day, and Escape leaves it as it was", async () => {
    const onChange = vi.fn();
    renderWithApp(<Field onChange={onChange} />);
    fireEvent.click(screen.getByTestId("at-day"));
    await waitFor(() => expect(focusedDay()).toBe("2026-11-24"));
    press("PageDown");
    await waitFor(() => expect(focusedDay()).toBe("2026-12-24"));
    fireEvent.click(document.activeElement!);
    fireEvent.click(screen.getByTestId("at-day"));
    await waitFor(() => expect(focusedDay()).toBe("2026-12-24"));
    press("ArrowRight");
    await waitFor(() => expect(focusedDay()).toBe("2026-12-25"));
    press("Escape");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId("at-day"));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});

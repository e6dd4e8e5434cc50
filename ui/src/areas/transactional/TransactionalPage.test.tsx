import { cleanup, fireEvent, screen, waitFor } from "@testing-library/preact";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@tauri-apps/api/core", () => import("../../test/fakeIpc").then((m) => m.tauriCore));

import type { MessageRow } from "../../ipc/bindings/MessageRow";
import { answer } from "../../test/fakeIpc";
import { MESSAGES, period } from "../../test/fixtures/account";
import { pretendLayout } from "../../test/layout";
import { renderWithApp } from "../../test/render";
import { TransactionalPage } from "./TransactionalPage";

afterEach(cleanup);
pretendLayout();
// The system's theme is dark: the chart is asked for in it.
beforeAll(() => {
  window.matchMedia = (query: string) => ({ matches: query.includes("dark"), media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList;
});

/** Picks an option as the browser does: the value, then a change event. */
function choose(select: HTMLElement, value: string) {
  (select as HTMLSelectElement).value = value;
  select.dispatchEvent(new Event("change", { bubbles: true }));
}

const row = (n: number): MessageRow => ({ ...MESSAGES.rows[0], transactionId: String(n), messageId: `order-${n}`, outcome: n % 2 ? "bounced" : "delivered", files: [] });

describe("the transactional page", () => {
  it("counts the period chosen against the one before, with its chart", async () => {
    const asked: unknown[] = [];
    answer({
      message_log: () => MESSAGES,
      message_period: ({ days, theme, words }) => (asked.push([days, theme, (words as { current: string }).current]), period(days as number)),
    });
    renderWithApp(<TransactionalPage />);
    await screen.findByTestId("message-period-chart");
    expect(screen.getByTestId("stat-sent").textContent).toContain("12");
    expect(screen.getByTestId("stat-sent").textContent).toContain("9 in the 30 days before");
    choose(screen.getByTestId("message-period"), "7");
    await waitFor(() => expect(asked).toContainEqual([7, "dark", "Last 7 days"]));
    expect(asked[0]).toEqual([30, "dark", "Last 30 days"]);
    expect(screen.getByTestId("message-period-legend").textContent).toContain("Before");
  });

  it("pages the log by the service's 50, each row found by its id and outcome, and opens a message from its subject", async () => {
    const starts: number[] = [];
    answer({
      message_period: ({ days }) => period(days as number),
      message_log: ({ start }) => (starts.push(start as number), { rows: Array.from({ length: 50 }, (_, i) => row((start as number) + i)), more: (start as number) === 0 }),
      message_now: () => MESSAGES.rows[0],
    });
    renderWithApp(<TransactionalPage />);
    const first = await screen.findByText("order-0");
    expect(first.closest("[data-testid=message-row]")?.getAttribute("data-outcome")).toBe("delivered");
    expect(document.querySelector("[data-testid=message-row][data-message-id=order-1][data-outcome=bounced]")).toBeTruthy();
    expect(starts).toEqual([0]);
    fireEvent.click(first.closest("[data-testid=message-row]")!.querySelector("[data-testid=open-message]")!);
    expect(await screen.findByTestId("message-facts")).toBeTruthy();
  });
});

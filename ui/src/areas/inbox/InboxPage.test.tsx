import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/preact";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@tauri-apps/api/core", () => import("../../test/fakeIpc").then((m) => m.tauriCore));

import { fakeArrivals } from "../../test/arrivals";
import { answer } from "../../test/fakeIpc";
import { lettersAnswers } from "../../test/fixtures/letters";
import { listsAnswers } from "../../test/fixtures/lists";
import { repliesAnswers } from "../../test/fixtures/replies";
import { pretendLayout } from "../../test/layout";
import { renderApp } from "../../test/renderApp";

const { watch_arrivals, arrive } = fakeArrivals();
let markedRead: unknown[] = [];

pretendLayout();
beforeAll(() => answer({ ...listsAnswers, ...lettersAnswers, ...repliesAnswers, watch_arrivals }));
beforeEach(() => {
  markedRead = [];
  answer({ mark_read: ({ dialogId }) => void markedRead.push(dialogId) });
});
afterEach(cleanup);

/** Lets whatever the page would do next (an effect, a mutation) happen. */
const settle = () => act(() => new Promise((done) => setTimeout(done, 50)));

describe("an unread thread", () => {
  it("opened by a link is shown but left unread until the user acts on it", async () => {
    const { router } = renderApp("/w/lists");
    await screen.findByTestId("lists-table", {}, { timeout: 5000 });
    act(() => arrive({ kind: "link", route: { to: "dialog", id: 1 } }));
    await screen.findByTestId("thread-subject", {}, { timeout: 5000 });
    await settle();
    expect(markedRead, "opening by a link reads nothing").toEqual([]);

    fireEvent.pointerDown(screen.getByText("Can I order two bags?", { selector: "[data-testid=thread-pane] *" }));
    await waitFor(() => expect(markedRead).toEqual([1]));
    expect(router.state.location.search).toEqual({ dialog: 1 });
  });

  it("opened from the inbox's list is read at once, as before", async () => {
    renderApp("/w/inbox");
    const rows = await screen.findAllByTestId("dialog-row", {}, { timeout: 5000 });
    fireEvent.click(rows[0]);
    await screen.findByTestId("thread-subject", {}, { timeout: 5000 });
    await waitFor(() => expect(markedRead).toEqual([1]));
  });
});

describe("the replier's recent actions", () => {
  it("are read only when the user opens them", async () => {
    const asked: unknown[] = [];
    answer({
      replier_activity: ({ dialogId }) => {
        asked.push(dialogId);
        return [{ at: "2026-01-15T10:00:00", action: "opened", campaignName: "Winter sale", detail: null }];
      },
    });
    renderApp("/w/inbox");
    fireEvent.click((await screen.findAllByTestId("dialog-row", {}, { timeout: 5000 }))[0]);
    const open = await screen.findByTestId("replier-activity", {}, { timeout: 5000 });
    await settle();
    expect(asked, "the thread opens without them").toEqual([]);
    fireEvent.click(open);
    const list = await screen.findByTestId("replier-activity-list", {}, { timeout: 5000 });
    expect(list.textContent).toContain("Winter sale");
    expect(asked).toEqual([1]);
  });
});

describe("a search", () => {
  it("narrows the list and leaves the open thread open", async () => {
    const { router } = renderApp("/w/inbox");
    fireEvent.click((await screen.findAllByTestId("dialog-row", {}, { timeout: 5000 }))[0]);
    await screen.findByTestId("thread-subject", {}, { timeout: 5000 });
    fireEvent.input(screen.getByTestId("inbox-search"), { target: { value: "bags" } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: "bags" }), { timeout: 2000 });
    await settle();
    expect(router.state.location.search, "the thread the marketer reads stays").toMatchObject({ dialog: 1 });
    expect(screen.getByTestId("thread-subject")).toBeTruthy();
  });
});

import { cleanup, fireEvent, screen, waitFor } from "@testing-library/preact";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@tauri-apps/api/core", () => import("../../test/fakeIpc").then((m) => m.tauriCore));

import { answer } from "../../test/fakeIpc";
import { lettersAnswers } from "../../test/fixtures/letters";
import { listsAnswers } from "../../test/fixtures/lists";
import { repliesAnswers } from "../../test/fixtures/replies";
import { pretendLayout } from "../../test/layout";
import { renderApp } from "../../test/renderApp";

pretendLayout();
beforeAll(() => answer({ ...listsAnswers, ...lettersAnswers, ...repliesAnswers }));
afterEach(cleanup);

/** The row the list's keys are on: the one its active descendant names. */
function activeRow(list: HTMLElement) {
  const id = list.getAttribute("aria-activedescendant");
  return id ? document.getElementById(id) : null;
}

describe("the inbox's list from the keyboard", () => {
  it("is one stop in the Tab order whose arrows move the highlight, and Enter opens what is highlighted", async () => {
    const { router } = renderApp("/w/inbox");
    const list = await screen.findByTestId("dialog-list");
    await screen.findAllByTestId("dialog-row");
    expect(list.tabIndex).toBe(0);
    expect(list.hasAttribute("aria-activedescendant"), "nothing highlighted yet").toBe(false);
    list.focus();

    fireEvent.keyDown(list, { key: "ArrowDown" });
    await waitFor(() => expect(activeRow(list)?.getAttribute("data-subscriber")).toBe("anna@example.com"));
    fireEvent.keyDown(list, { key: "End" });
    // The machines' replies to a campaign are folded into one row, last.
    await waitFor(() => expect(activeRow(list)?.getAttribute("data-testid")).toBe("folded-row"));
    expect(activeRow(list)?.getAttribute("aria-expanded")).toBe("false");
    fireEvent.keyDown(list, { key: "Enter" });
    await waitFor(() => expect(activeRow(list)?.getAttribute("aria-expanded")).toBe("true"));

    fireEvent.keyDown(list, { key: "ArrowDown" });
    await waitFor(() => expect(activeRow(list)?.getAttribute("data-subscriber")).toBe("boris@example.com"));
    expect(activeRow(list)?.getAttribute("aria-level"), "a folded reply is a level below its campaign's row").toBe("2");
    fireEvent.keyDown(list, { key: "Home" });
    await waitFor(() => expect(activeRow(list)?.getAttribute("data-subscriber")).toBe("anna@example.com"));
    fireEvent.keyDown(list, { key: "Enter" });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ dialog: 1 }));
    expect(await screen.findByTestId("thread-subject")).toBeTruthy();
  });

  it("leaves the keys of a row's own button to it", async () => {
    renderApp("/w/inbox");
    const list = await screen.findByTestId("dialog-list");
    const closeAll = await screen.findByTestId("close-folded");
    closeAll.focus();
    fireEvent.keyDown(closeAll, { key: "ArrowDown" });
    expect(list.hasAttribute("aria-activedescendant")).toBe(false);
  });
});

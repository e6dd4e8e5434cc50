import { cleanup, fireEvent, screen, waitFor } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("@tauri-apps/api/core", () => import("../../test/fakeIpc").then((m) => m.tauriCore));

import type { InterruptedChange } from "../../ipc/bindings/InterruptedChange";
import { answer, answers } from "../../test/fakeIpc";
import { renderWithApp } from "../../test/render";
import { InterruptedChanges } from "./InterruptedChanges";

afterEach(() => {
  cleanup();
  answers.clear();
});

const INTERRUPTED: InterruptedChange = {
  id: "20260301-101500-123-0042",
  startedAt: "2026-03-01T10:15:00Z",
  listId: 3,
  action: "delete",
  total: 1240,
  done: 2,
  failed: 0,
  doneEmails: ["anna@zerno.ru", "boris@zerno.ru"],
  notDoneEmails: ["vera@zerno.ru"],
};

/** The journal of a change the app's end interrupted, until the user has read it. */
function aChangeWasInterrupted() {
  const seen: unknown[] = [];
  answer({
    list_lists: () => [{ id: 3, name: "Клуб" }],
    interrupted_changes: () => (seen.length ? [] : [INTERRUPTED]),
    dismiss_interrupted_change: (args) => void seen.push(args.id),
  });
  return seen;
}

describe("a change of many the app's end interrupted", () => {
  it("says at the next opening how far it got and which addresses went, until read", async () => {
    const seen = aChangeWasInterrupted();
    renderWithApp(<InterruptedChanges />);
    const said = await screen.findByTestId("interrupted-change");
    await waitFor(() => expect(said.textContent).toContain("“Клуб”"));
    expect(said.textContent).toContain("The app closed in the middle of deleting subscribers in “Клуб”: 2 of 1,240 done.");
    expect(said.textContent).toContain("anna@zerno.ru");
    expect(said.textContent).toContain("and 1,237 more");
    fireEvent.click(screen.getByTestId("dialog-cancel"));
    await waitFor(() => expect(screen.queryByTestId("interrupted-change")).toBeNull());
    expect(seen).toEqual([INTERRUPTED.id]);
  });

  it("says it in Russian", async () => {
    aChangeWasInterrupted();
    renderWithApp(<InterruptedChanges />, "ru");
    const said = await screen.findByTestId("interrupted-change");
    await waitFor(() => expect(said.textContent).toContain("«Клуб»"));
    // The thousands are set apart by the space Russian numbers use, which does not break.
    expect(said.textContent).toMatch(/^Приложение закрылось посреди работы: удаление подписчиков в списке «Клуб» — сделано 2 из 1\s240\./);
  });
});

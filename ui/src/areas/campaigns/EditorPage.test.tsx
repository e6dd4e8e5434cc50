import { cleanup, screen } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@tauri-apps/api/core", () => import("../../test/fakeIpc").then((m) => m.tauriCore));

import type { EditorView } from "../../ipc/bindings/EditorView";
import { answer, unanswered } from "../../test/fakeIpc";
import { lettersAnswers } from "../../test/fixtures/letters";
import { listsAnswers } from "../../test/fixtures/lists";
import { pretendLayout } from "../../test/layout";
import { renderApp } from "../../test/renderApp";

pretendLayout();
beforeEach(() => answer({ ...listsAnswers, ...lettersAnswers }));
afterEach(() => {
  cleanup();
  unanswered.clear();
});

/** The campaign the fixtures open, as the service's own builder made it. */
function madeInTheServiceBuilder() {
  const view = lettersAnswers.open_campaign({}) as EditorView;
  answer({ open_campaign: (): EditorView => ({ ...view, madeInServiceBuilder: true }) });
}

describe("the campaign editor", () => {
  it("says, in the user's language, why a letter from the service's builder opens as code", async () => {
    madeInTheServiceBuilder();
    renderApp("/w/campaigns/1");
    const note = await screen.findByTestId("why-html", {}, { timeout: 5000 });
    expect(note.dataset.why).toBe("madeInServiceBuilder");
    expect(note.textContent).toContain("drag-and-drop builder");
    cleanup();
    renderApp("/w/campaigns/1", "ru");
    expect((await screen.findByTestId("why-html", {}, { timeout: 5000 })).textContent).toContain("конструкторе сервиса");
  });

  it("says nothing about code for a letter made here", async () => {
    renderApp("/w/campaigns/1");
    await screen.findByTestId("campaign-editor", {}, { timeout: 5000 });
    expect(screen.queryByTestId("why-html")).toBeNull();
  });
});

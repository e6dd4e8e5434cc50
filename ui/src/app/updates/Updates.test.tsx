import { act, cleanup, fireEvent, screen } from "@testing-library/preact";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@tauri-apps/api/core", () => import("../../test/fakeIpc").then((m) => m.tauriCore));

import type { UpdateCheck } from "../../ipc/bindings/UpdateCheck";
import type { UpdateProgress } from "../../ipc/bindings/UpdateProgress";
import { fakeArrivals } from "../../test/arrivals";
import { answer } from "../../test/fakeIpc";
import { listsAnswers } from "../../test/fixtures/lists";
import { pretendLayout } from "../../test/layout";
import { renderApp } from "../../test/renderApp";
import { CHECKED_AT } from "./Updates";

const { watch_arrivals, arrive } = fakeArrivals();
let found: UpdateCheck;
let install: (progress: (p: UpdateProgress) => void) => unknown;
let restarts = 0;

const offered: UpdateCheck = {
  kind: "offered",
  current: "0.1.0",
  version: "0.2.0",
  notes: "Imports from Excel keep their columns.\n\n<b>not markup</b>",
  date: "2026-11-20T10:00:00Z",
};

pretendLayout();
beforeAll(() =>
  answer({
    ...listsAnswers,
    watch_arrivals,
    check_for_updates: () => found,
    install_update: ({ onProgress }) => install((onProgress as { onmessage: (p: UpdateProgress) => void }).onmessage),
    restart_app: () => {
      restarts += 1;
      return null;
    },
  }),
);
beforeEach(() => {
  restarts = 0;
  install = () => null;
  // Checked today: only the menus ask.
  localStorage.setItem(CHECKED_AT, String(Date.now()));
});
afterEach(cleanup);

async function openFromTheNativeMenu() {
  renderApp("/w/lists");
  await screen.findByTestId("lists-table", {}, { timeout: 5000 });
  act(() => arrive({ kind: "checkForUpdates" }));
}

describe("checking for updates", () => {
  it("says that the package manager brings new versions when the build has no feed", async () => {
    found = { kind: "packageManager", current: "0.1.0" };
    await openFromTheNativeMenu();
    const said = await screen.findByTestId("updates-package-manager");
    expect(said.textContent).toContain("0.1.0");
    expect(said.textContent).toContain("package manager");
    expect(screen.queryByTestId("updates-install")).toBeNull();
  });

  it("says when this is the newest version", async () => {
    found = { kind: "upToDate", current: "0.1.0" };
    await openFromTheNativeMenu();
    expect((await screen.findByTestId("updates-up-to-date")).textContent).toContain("0.1.0 is the newest version");
  });

  it("offers a newer version with its notes as plain text, installs it on the user's word and restarts", async () => {
    found = offered;
    install = (progress) => {
      progress({ step: "downloading", received: 512 * 1024, total: 1024 * 1024 });
      return new Promise(() => {});
    };
    await openFromTheNativeMenu();
    expect((await screen.findByRole("dialog")).textContent).toContain("Campaign Desk 0.2.0 is available");
    expect(screen.getByTestId("updates-offered").textContent).toContain("You have 0.1.0");
    const notes = screen.getByTestId("updates-notes");
    expect(notes.textContent).toContain("keep their columns");
    expect(notes.textContent).toContain("<b>not markup</b>");
    expect(notes.querySelector("b")).toBeNull();

    fireEvent.click(screen.getByTestId("updates-install"));
    expect((await screen.findByTestId("updates-installing")).textContent).toContain("of 1");
    cleanup();

    install = () => null;
    await openFromTheNativeMenu();
    fireEvent.click(await screen.findByTestId("updates-install"));
    expect((await screen.findByTestId("updates-installed")).textContent).toContain("Restart");
    fireEvent.click(screen.getByTestId("updates-restart"));
    await vi.waitFor(() => expect(restarts).toBe(1));
  });

  it("keeps the offer and says why when the package's signature is not the publisher's", async () => {
    found = offered;
    install = () => {
      throw { code: "inArea", area: "updates", failure: { code: "signatureRefused", detail: "signature mismatch" } };
    };
    await openFromTheNativeMenu();
    fireEvent.click(await screen.findByTestId("updates-install"));
    const dialog = await screen.findByRole("dialog");
    await vi.waitFor(() => expect(dialog.textContent).toContain("its signature is not the publisher's"));
    expect(dialog.textContent).toContain("Nothing was installed");
    expect(screen.getByTestId("updates-notes")).toBeTruthy();
    expect(screen.getByTestId("updates-install").textContent).toBe("Try again");
  });

  it("says the feed could not be read and checks again on the user's word", async () => {
    let asked = 0;
    answer({
      check_for_updates: () => {
        asked += 1;
        if (asked === 1) throw { code: "inArea", area: "updates", failure: { code: "unavailable", detail: "connection refused" } };
        return { kind: "upToDate", current: "0.1.0" };
      },
    });
    await openFromTheNativeMenu();
    fireEvent.click(await screen.findByTestId("updates-check-again"));
    expect(await screen.findByTestId("updates-up-to-date")).toBeTruthy();
    expect(asked).toBe(2);
    answer({ check_for_updates: () => found });
  });

  it("asks the feed by itself once a day as the app starts, and says a newer version in a toast", async () => {
    let asked = 0;
    answer({
      check_for_updates: () => {
        asked += 1;
        return offered;
      },
    });
    localStorage.setItem(CHECKED_AT, String(Date.now() - 25 * 60 * 60 * 1000));
    renderApp("/w/lists");
    const toast = await screen.findByText("Campaign Desk 0.2.0 is available", {}, { timeout: 5000 });
    expect(toast).toBeTruthy();
    expect(asked).toBe(1);
    fireEvent.click(screen.getByTestId("toast-action"));
    expect((await screen.findByTestId("updates-notes")).textContent).toContain("keep their columns");
    cleanup();

    // Asked today already: not again.
    renderApp("/w/lists");
    await screen.findByTestId("lists-table", {}, { timeout: 5000 });
    expect(asked).toBe(2);
    answer({ check_for_updates: () => found });
  });

  it("says a version installed already waits for a restart instead of offering it again", async () => {
    found = { kind: "installed", current: "0.1.0", version: "0.2.0" };
    await openFromTheNativeMenu();
    expect((await screen.findByRole("dialog")).textContent).toContain("Campaign Desk 0.2.0 is installed");
    expect(screen.getByTestId("updates-restart")).toBeTruthy();
    expect(screen.queryByTestId("updates-install")).toBeNull();
  });
});

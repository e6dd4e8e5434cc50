import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/preact";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@tauri-apps/api/core", () => import("../test/fakeIpc").then((m) => m.tauriCore));

import type { DiagnosticsFailure } from "../ipc/bindings/DiagnosticsFailure";
import { fakeArrivals } from "../test/arrivals";
import { answer } from "../test/fakeIpc";
import { listsAnswers } from "../test/fixtures/lists";
import { pretendLayout } from "../test/layout";
import { renderApp } from "../test/renderApp";
import { listInView, pathOf } from "./Arrivals";

const { watch_arrivals, arrive } = fakeArrivals();

pretendLayout();
beforeAll(() => answer({ ...listsAnswers, watch_arrivals }));
afterEach(cleanup);

describe("where a link leads", () => {
  it("opens each screen of the workspace", () => {
    expect(pathOf({ to: "campaign", id: 12 })).toEqual({ to: "/w/campaigns/12" });
    expect(pathOf({ to: "report", id: 12 })).toEqual({ to: "/w/reports/12" });
    expect(pathOf({ to: "list", id: 5 })).toEqual({ to: "/w/lists/5" });
    expect(pathOf({ to: "dialog", id: 34 })).toEqual({ to: "/w/inbox", search: { dialog: 34, byLink: true } });
  });

  it("knows a list's page from the other screens", () => {
    expect(listInView("/w/lists/5")).toBe(5);
    expect(listInView("/w/lists")).toBeNull();
    expect(listInView("/w/lists/across/all")).toBeNull();
    expect(listInView("/w/reports/5")).toBeNull();
  });
});

describe("what the system hands the page", () => {
  it("goes to a link's screen", async () => {
    const { router } = renderApp("/w/lists");
    await screen.findByTestId("lists-table", {}, { timeout: 5000 });
    act(() => arrive({ kind: "link", route: { to: "list", id: 1 } }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/w/lists/1"));
  });

  it("opens the import of the list in view for a file dropped on its page", async () => {
    renderApp("/w/lists/1");
    await screen.findByTestId("import-open", {}, { timeout: 5000 });
    act(() => arrive({ kind: "dropped", file: { fileId: "file-1", name: "customers.csv" } }));
    const checking = await screen.findByTestId("import-checking", {}, { timeout: 5000 });
    expect(checking.textContent).toContain("customers.csv");
  });

  it("asks which list a file dropped elsewhere goes to, then opens its import there", async () => {
    const { router } = renderApp("/w/lists");
    await screen.findByTestId("lists-table", {}, { timeout: 5000 });
    act(() => arrive({ kind: "dropped", file: { fileId: "file-2", name: "wholesale.xlsx" } }));
    const which = await screen.findByTestId("dropped-list", {}, { timeout: 5000 });
    expect(screen.getByRole("dialog").textContent).toContain("wholesale.xlsx");
    await screen.findByRole("option", { name: "Wholesale" });
    act(() => {
      (which as HTMLSelectElement).value = "2";
      which.dispatchEvent(new Event("change", { bubbles: true }));
    });
    fireEvent.click(screen.getByTestId("dropped-open"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/w/lists/2"));
    const checking = await screen.findByTestId("import-checking", {}, { timeout: 5000 });
    expect(checking.textContent).toContain("wholesale.xlsx");
  });

  it("keeps a link that comes while a dialog is open until the dialog closes, and says so", async () => {
    const { router } = renderApp("/w/lists");
    await screen.findByTestId("lists-table", {}, { timeout: 5000 });
    act(() => arrive({ kind: "dropped", file: { fileId: "file-3", name: "partners.csv" } }));
    await screen.findByTestId("dropped-list", {}, { timeout: 5000 });
    act(() => arrive({ kind: "link", route: { to: "list", id: 2 } }));
    await screen.findByText("A link arrived: it opens as soon as you close this dialog", {}, { timeout: 5000 });
    expect(router.state.location.pathname, "the dialog is not taken away").toBe("/w/lists");
    expect(screen.getByRole("dialog").textContent).toContain("partners.csv");
    fireEvent.click(screen.getByTestId("dialog-cancel"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/w/lists/2"));
  });

  it("says what the native menu's Help items did", async () => {
    renderApp("/w/lists");
    await screen.findByTestId("lists-table", {}, { timeout: 5000 });
    act(() => arrive({ kind: "diagnosticsCopied" }));
    await screen.findByText(/Diagnostics copied/, {}, { timeout: 5000 });
    const notOpened: DiagnosticsFailure = { code: "logFolderNotOpened", detail: "no file manager" };
    act(() => arrive({ kind: "failed", error: { code: "inArea", area: "diagnostics", failure: notOpened } }));
    await screen.findByText("The log folder could not be opened", {}, { timeout: 5000 });
  });
});

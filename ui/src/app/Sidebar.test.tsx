import { fireEvent, screen } from "@testing-library/preact";
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from "@tanstack/react-router";
import { describe, expect, it, vi } from "vitest";

const app = vi.hoisted(() => ({
  holdClose: vi.fn(async () => {}),
  closeWindow: vi.fn(async () => {}),
  watchClose: vi.fn(async () => {}),
  resetDemo: vi.fn(async () => ({})),
}));
vi.mock("../ipc/commands", async (original) => ({ ...(await original<object>()), ...app }));
vi.mock("@tauri-apps/api/core", () => ({
  Channel: class {
    onmessage: () => void = () => {};
  },
  invoke: () => new Promise(() => {}),
}));

import type { WorkspaceView } from "../ipc/bindings/WorkspaceView";
import { pendingSends } from "../kit/pendingSends";
import { pass, onFakeClockWithNoSendLeft } from "../test/pendingSendsClock";
import { renderWithApp } from "../test/render";
import { PendingSendsGuard } from "./PendingSends";
import { Sidebar } from "./Sidebar";

const workspace: WorkspaceView = {
  account: { id: "demo", name: "", baseUrl: null, demo: true },
  balance: { subscriberLimit: null, subscribers: 3, messagesLeft: 100, money: null, currency: null },
};

function renderShell() {
  const root = createRootRoute({ component: Outlet });
  const inWorkspace = createRoute({ getParentRoute: () => root, path: "/w/lists", component: () => <Sidebar workspace={workspace} /> });
  const accounts = createRoute({ getParentRoute: () => root, path: "/accounts", component: () => <p>accounts</p> });
  const router = createRouter({
    routeTree: root.addChildren([inWorkspace, accounts]),
    history: createMemoryHistory({ initialEntries: ["/w/lists"] }),
  });
  renderWithApp(
    <>
      <RouterProvider router={router} />
      <PendingSendsGuard />
    </>,
  );
  return router;
}

onFakeClockWithNoSendLeft();

describe("switching account while a send waits", () => {
  it("asks first: Stay keeps the account and the countdown, Send now sends once and then switches", async () => {
    const run = vi.fn(async () => {});
    const router = renderShell();
    await pass(0);
    pendingSends.start({ key: "launch:7", says: { key: "campaigns.launch.sendingIn", values: { name: "Spring news", count: 2 } }, testId: "launch", run });

    fireEvent.click(screen.getByTestId("switch-account"));
    await pass(0);
    expect(screen.getByRole("dialog").textContent).toContain("If you leave this account now");
    fireEvent.click(screen.getByTestId("dialog-cancel"));
    await pass(0);
    expect(router.state.location.pathname).toBe("/w/lists");
    expect(run).not.toHaveBeenCalled();
    expect(pendingSends.list()).toHaveLength(1);

    fireEvent.click(screen.getByTestId("switch-account"));
    await pass(0);
    fireEvent.click(screen.getByTestId("close-send-now"));
    await pass(0);
    expect(run).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe("/accounts");
  });

  it("resetting the demo asks too, and Cancel drops the send before the reset is asked", async () => {
    const run = vi.fn(async () => {});
    renderShell();
    await pass(0);
    pendingSends.start({ key: "launch:7", says: { key: "campaigns.launch.sendingIn", values: { name: "Spring news", count: 2 } }, testId: "launch", run });
    fireEvent.keyDown(screen.getByTestId("demo-menu"), { key: "Enter" });
    await pass(0);
    fireEvent.click(screen.getByTestId("reset-demo"));
    await pass(0);
    fireEvent.click(screen.getByTestId("close-cancel"));
    await pass(0);
    expect(screen.getByRole("dialog").textContent).toContain("Reset");
    await pass(30_000);
    expect(run).not.toHaveBeenCalled();
  });
});

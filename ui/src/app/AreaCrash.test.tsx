import { act, cleanup, fireEvent, screen } from "@testing-library/preact";
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from "@tanstack/react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const app = vi.hoisted(() => ({
  copyErrorReport: vi.fn(async (details: string) => void details),
  copyDiagnostics: vi.fn(async () => {}),
  openLogFolder: vi.fn(async () => {}),
}));
vi.mock("../ipc/commands", () => app);

import { renderWithApp } from "../test/render";
import { errorDetails } from "./AreaCrash";
import { ROUTE_DEFAULTS } from "./routeDefaults";

/** A shell with a sidebar and one area whose screen throws while `broken.now` is set, routed as the app routes. */
function renderArea(broken: { now: boolean }) {
  const mounts = { count: 0 };
  function Screen() {
    mounts.count += 1;
    if (broken.now) throw new TypeError("campaign.lists is undefined");
    return <p>The lists</p>;
  }
  const root = createRootRoute({
    component: () => (
      <div>
        <nav>Sidebar</nav>
        <Outlet />
      </div>
    ),
  });
  const lists = createRoute({ getParentRoute: () => root, path: "/w/lists", component: Screen });
  const router = createRouter({
    routeTree: root.addChildren([lists]),
    history: createMemoryHistory({ initialEntries: ["/w/lists"] }),
    ...ROUTE_DEFAULTS,
  });
  renderWithApp(<RouterProvider router={router} />);
  return mounts;
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("an area whose screen throws", () => {
  it("says so beside the shell, not a blank page, and Reload mounts the screen again", async () => {
    const broken = { now: true };
    const mounts = renderArea(broken);
    expect(await screen.findByText("Something went wrong")).toBeTruthy();
    expect(screen.getByText("Sidebar")).toBeTruthy();
    const before = mounts.count;

    broken.now = false;
    await act(async () => {
      fireEvent.click(screen.getByTestId("crash-reload"));
    });
    expect(await screen.findByText("The lists")).toBeTruthy();
    expect(screen.queryByTestId("area-crash")).toBeNull();
    expect(screen.getByText("Sidebar")).toBeTruthy();
    expect(mounts.count).toBeGreaterThan(before);
  });

  it("copies the error's message and stack for a bug report", async () => {
    renderArea({ now: true });
    fireEvent.click(await screen.findByTestId("crash-copy-details"));
    expect(app.copyErrorReport).toHaveBeenCalledTimes(1);
    const details = app.copyErrorReport.mock.calls[0][0];
    expect(details).toContain("TypeError: campaign.lists is undefined");
    expect(details).toContain("Screen");
    expect(await screen.findByText("Details copied")).toBeTruthy();
  });

  it("offers the diagnostics and the log folder", async () => {
    renderArea({ now: true });
    fireEvent.click(await screen.findByTestId("crash-copy-diagnostics"));
    fireEvent.click(screen.getByTestId("crash-open-logs"));
    expect(app.copyDiagnostics).toHaveBeenCalledTimes(1);
    expect(app.openLogFolder).toHaveBeenCalledTimes(1);
  });

  it("speaks the user's language", async () => {
    const router = createRouter({
      routeTree: createRootRoute({
        component: () => {
          throw new Error("x");
        },
      }),
      history: createMemoryHistory({ initialEntries: ["/"] }),
      ...ROUTE_DEFAULTS,
    });
    renderWithApp(<RouterProvider router={router} />, "ru");
    expect(await screen.findByText("Что-то пошло не так")).toBeTruthy();
    expect(screen.getByText("Перезагрузить")).toBeTruthy();
  });
});

describe("errorDetails", () => {
  it("keeps the message, the stack and where in the page it was thrown", () => {
    const error = new RangeError("bad page");
    error.stack = "RangeError: bad page\n    at ListsPage (ListsPage.tsx:12:3)";
    expect(errorDetails(error, "\n    in ListsPage")).toBe("RangeError: bad page\nRangeError: bad page\n    at ListsPage (ListsPage.tsx:12:3)\n\n    in ListsPage");
    expect(errorDetails("plain text")).toBe("plain text");
  });
});

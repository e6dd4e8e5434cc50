import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import axe from "axe-core";
import { useEffect } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

// What the app's commands answer; `invoke` is counted, as the service's requests would be.
const answers: Record<string, unknown> = {
  list_lists: [
    { id: 1, name: "Newsletter", status: "active", description: null, createdAt: null, counts: {} },
    { id: 2, name: "Новости кофейни", status: "active", description: null, createdAt: null, counts: {} },
  ],
  list_campaigns: { campaigns: [{ id: 7, name: "Spring news", subject: null, state: "draft", folderId: null, deliveryTime: null, sent: 0 }], folders: [] },
  list_templates: [{ id: 3, kind: "saved", name: "Autumn layout", html: "", preview: {} }],
  list_accounts: { accounts: [{ id: "demo", name: "", baseUrl: null, demo: true }], lastOpened: "demo", damagedFileMovedTo: null },
};
const invoke = vi.hoisted(() => vi.fn());
vi.mock("@tauri-apps/api/core", () => ({
  Channel: class {
    onmessage: () => void = () => {};
  },
  invoke,
}));

import type { WorkspaceView } from "../../ipc/bindings/WorkspaceView";
import { listListsKey } from "../../ipc/commands";
import { I18nProvider } from "../../i18n/I18n";
import type { Locale } from "../../i18n/locale";
import { usePaletteActions } from "../../kit/palette";
import { ToastProvider } from "../../kit/Toast";
import { useWorkspace, WorkspaceProvider } from "../workspace";
import { CommandPalette, isPaletteKey } from "./CommandPalette";

afterEach(cleanup);

const workspace: WorkspaceView = {
  account: { id: "demo", name: "", baseUrl: null, demo: true },
  balance: { subscriberLimit: null, subscribers: 3, messagesLeft: 100, money: null, currency: null },
};

function OpenAccount() {
  const { setWorkspace } = useWorkspace();
  useEffect(() => setWorkspace(workspace), [setWorkspace]);
  return null;
}

const newList = vi.fn();
const newCampaign = vi.fn();

/** A screen with actions of its own, and a button that has the focus when the palette opens. */
function ListsScreen() {
  usePaletteActions([
    { id: "new-list", label: "lists.palette.new", run: newList },
    { id: "new-campaign", label: "campaigns.new", run: newCampaign },
    { id: "search", label: "inbox.palette.search", run: () => document.querySelector<HTMLInputElement>("[data-testid=page-field]")?.focus() },
  ]);
  return (
    <>
      <button type="button" data-testid="on-the-page">
        A button on the page
      </button>
      <input aria-label="A field on the page" data-testid="page-field" />
    </>
  );
}

function renderApp(locale: Locale = "en") {
  invoke.mockReset();
  invoke.mockImplementation(async (command: string) => answers[command]);
  newList.mockReset();
  newCampaign.mockReset();
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The lists screen has read its lists already, as at start.
  queries.setQueryData(listListsKey(), answers.list_lists);
  const root = createRootRoute({
    component: () => (
      <>
        <OpenAccount />
        <Outlet />
        <CommandPalette />
      </>
    ),
  });
  const page = (path: string, text: string) => createRoute({ getParentRoute: () => root, path, component: () => <p>{text}</p> });
  const lists = createRoute({ getParentRoute: () => root, path: "/w/lists", component: ListsScreen });
  const router = createRouter({
    routeTree: root.addChildren([lists, page("/w/lists/$listId", "a list"), page("/w/campaigns/$campaignId", "a campaign"), page("/w/campaigns", "campaigns")]),
    history: createMemoryHistory({ initialEntries: ["/w/lists"] }),
  });
  render(
    <I18nProvider locale={locale}>
      <QueryClientProvider client={queries}>
        <WorkspaceProvider>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </WorkspaceProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return router;
}

/** Ctrl+K as the Russian layout sends it: the key marked K types «л». */
const ctrlK = (target: Element = document.activeElement ?? document.body) =>
  fireEvent.keyDown(target, { key: "л", code: "KeyK", ctrlKey: true });

async function openPalette() {
  const onPage = await screen.findByTestId("on-the-page");
  onPage.focus();
  ctrlK(onPage);
  const input = await screen.findByTestId("palette-input");
  await waitFor(() => expect(document.activeElement).toBe(input));
  return input as HTMLInputElement;
}

const type = (input: HTMLInputElement, text: string) => fireEvent.input(input, { target: { value: text } });
const key = (input: HTMLInputElement, name: string) => fireEvent.keyDown(input, { key: name });
const selected = () => screen.getAllByRole("option").find((o) => o.getAttribute("aria-selected") === "true");
const reads = (command: string) => invoke.mock.calls.filter(([name]) => name === command).length;

describe("the palette's key", () => {
  it("is Ctrl+K by the physical key, ⌘K on macOS, and nothing with Shift or Alt", () => {
    const press = { key: "л", code: "KeyK", shiftKey: false, ctrlKey: true, metaKey: false, altKey: false };
    expect(isPaletteKey(press, false)).toBe(true);
    expect(isPaletteKey({ ...press, key: "k", code: "KeyK" }, false)).toBe(true);
    expect(isPaletteKey({ ...press, shiftKey: true, key: "Л" }, false)).toBe(false);
    expect(isPaletteKey({ ...press, altKey: true }, false)).toBe(false);
    expect(isPaletteKey({ ...press, code: "KeyL", key: "д" }, false)).toBe(false);
    expect(isPaletteKey(press, true)).toBe(false);
    expect(isPaletteKey({ ...press, ctrlKey: false, metaKey: true }, true)).toBe(true);
  });
});

describe("the command palette", () => {
  it("opens with Ctrl+K on the Russian layout, finds a list by part of its name, and Enter opens it", async () => {
    const router = renderApp();
    const input = await openPalette();
    expect(screen.getByRole("combobox")).toBe(input);
    expect(input.getAttribute("aria-expanded")).toBe("true");

    type(input, "newsl");
    await waitFor(() => expect(selected()?.textContent).toBe("Newsletter"));
    expect(input.getAttribute("aria-activedescendant")).toBe(selected()?.id);
    expect(screen.getByRole("listbox").querySelector("[role=group]")?.textContent).toContain("Lists");

    key(input, "Enter");
    await waitFor(() => expect(router.state.location.pathname).toBe("/w/lists/1"));
    expect(screen.queryByTestId("palette")).toBeNull();
  });

  it("moves with the arrows, wrapping round, and Enter runs the action of the screen in view", async () => {
    renderApp();
    const input = await openPalette();
    const options = () => screen.getAllByRole("option").map((o) => o.textContent);
    await waitFor(() => expect(options()).toContain("New list"));
    expect(selected()?.textContent).toBe(options()[0]);
    key(input, "ArrowDown");
    await waitFor(() => expect(selected()?.textContent).toBe(options()[1]));
    key(input, "ArrowUp");
    key(input, "ArrowUp");
    await waitFor(() => expect(selected()?.textContent).toBe(options().at(-1)));

    type(input, "new li");
    await waitFor(() => expect(selected()?.textContent).toBe("New list"));
    key(input, "Enter");
    await waitFor(() => expect(newList).toHaveBeenCalledTimes(1));
    expect(newCampaign).not.toHaveBeenCalled();
    expect(screen.queryByTestId("palette")).toBeNull();
  });

  it("finds an action by its English words and by keys typed on the wrong layout when it speaks Russian", async () => {
    renderApp("ru");
    const input = await openPalette();
    type(input, "new camp");
    await waitFor(() => expect(selected()?.textContent).toBe("Новая рассылка"));
    // «новая» typed with the English layout on.
    type(input, "yjdfz");
    await waitFor(() => expect(selected()?.textContent).toBe("Новая рассылка"));
    key(input, "Enter");
    await waitFor(() => expect(newCampaign).toHaveBeenCalledTimes(1));
  });

  it("closes on Escape and gives the focus back where it was; Tab stays inside", async () => {
    renderApp();
    const input = await openPalette();
    fireEvent.keyDown(input, { key: "Tab" });
    await waitFor(() => expect(document.activeElement).toBe(input));
    key(input, "Escape");
    await waitFor(() => expect(screen.queryByTestId("palette")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("on-the-page")));
  });

  it("leaves the focus where a chosen action puts it", async () => {
    renderApp();
    const input = await openPalette();
    type(input, "search the rep");
    await waitFor(() => expect(selected()?.textContent).toBe("Search the replies"));
    key(input, "Enter");
    await waitFor(() => expect(screen.queryByTestId("palette")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("page-field")));
    // Radix gives the focus back a moment after the dialog goes; by then it is the field's, and stays.
    await new Promise((later) => setTimeout(later, 50));
    expect(document.activeElement).toBe(screen.getByTestId("page-field"));
  });

  it("Ctrl+K again closes it", async () => {
    renderApp();
    const input = await openPalette();
    ctrlK(input);
    await waitFor(() => expect(screen.queryByTestId("palette")).toBeNull());
  });

  it("reads the areas' lists only when it opens, once, and not what is cached already", async () => {
    renderApp();
    await screen.findByTestId("on-the-page");
    expect(reads("list_campaigns")).toBe(0);
    expect(reads("list_templates")).toBe(0);

    let input = await openPalette();
    type(input, "spring");
    await waitFor(() => expect(selected()?.textContent).toContain("Spring news"));
    expect(selected()?.textContent).toContain("Draft");
    type(input, "autumn");
    await waitFor(() => expect(selected()?.textContent).toContain("Autumn layout"));
    key(input, "Escape");
    await waitFor(() => expect(screen.queryByTestId("palette")).toBeNull());

    input = await openPalette();
    type(input, "новости");
    await waitFor(() => expect(selected()?.textContent).toBe("Новости кофейни"));
    expect(reads("list_lists")).toBe(0);
    expect(reads("list_campaigns")).toBe(1);
    expect(reads("list_templates")).toBe(1);
  });

  it("gives axe nothing serious to say about the combobox, its groups and options", async () => {
    renderApp("ru");
    const input = await openPalette();
    type(input, "н");
    await waitFor(() => expect(screen.getAllByRole("option").length).toBeGreaterThan(1));
    // jsdom computes no colours: contrast is looked at in the real window's screenshots.
    const result = await axe.run(document.body, { resultTypes: ["violations"], rules: { "color-contrast": { enabled: false } } });
    const serious = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  it("says when nothing is found", async () => {
    renderApp();
    const input = await openPalette();
    type(input, "qqqzzz");
    expect((await screen.findByTestId("palette-none")).textContent).toContain("qqqzzz");
    expect(screen.queryAllByRole("option")).toHaveLength(0);
  });
});

import { cleanup, fireEvent, screen } from "@testing-library/preact";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AccountsView } from "../../ipc/bindings/AccountsView";
import type { DeskError } from "../../ipc/bindings/DeskError";

const shop = { id: "acct-1", name: "Shop", baseUrl: "https://elsewhere.example/v2", demo: false };
const ipc = vi.hoisted(() => ({
  listAccounts: vi.fn(async (): Promise<AccountsView> => ({ accounts: [], lastOpened: null, damagedFileMovedTo: null })),
  openAccount: vi.fn(async (id: string): Promise<never> => Promise.reject({ code: "keyNotForThisAddress", id })),
  removeAccount: vi.fn(async () => {}),
  addAccount: vi.fn(),
  updateAccount: vi.fn(),
}));
vi.mock("../../ipc/commands", () => ({
  ...ipc,
  listAccountsKey: () => ["list_accounts"],
  listAccountsQuery: () => ({ queryKey: ["list_accounts"], queryFn: () => ipc.listAccounts() }),
}));

import { renderWithApp } from "../../test/render";
import { AccountsScreen } from "./AccountsScreen";

function renderScreen(initialError: DeskError | null = null) {
  const root = createRootRoute({ component: () => <AccountsScreen initialError={initialError} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ["/"] }) });
  renderWithApp(<RouterProvider router={router} />);
}

beforeEach(() => {
  vi.clearAllMocks();
  ipc.listAccounts.mockResolvedValue({ accounts: [shop], lastOpened: shop.id, damagedFileMovedTo: null });
});
afterEach(cleanup);

describe("an account whose key was entered for another server", () => {
  it("says why and opens its form to take the key again", async () => {
    renderScreen();
    fireEvent.click(await screen.findByTestId("open-account"));
    expect(await screen.findByText("The API key was not entered for this account's address")).toBeTruthy();
    expect(await screen.findByTestId("account-form")).toBeTruthy();
    expect((screen.getByTestId("account-url") as HTMLInputElement).value).toBe(shop.baseUrl);
    const key = screen.getByTestId("account-key") as HTMLInputElement;
    expect(key.required).toBe(true);
    expect(key.placeholder).not.toBe("Leave empty to keep the stored key");
  });

  it("does the same when the start's reopening was refused", async () => {
    renderScreen({ code: "keyNotForThisAddress" });
    expect(await screen.findByTestId("account-form")).toBeTruthy();
    expect(screen.getByText("The API key was not entered for this account's address")).toBeTruthy();
    expect(ipc.openAccount).not.toHaveBeenCalled();
  });

  it("while other failures leave the list as it is", async () => {
    ipc.openAccount.mockRejectedValueOnce({ code: "keyMissing" });
    renderScreen();
    fireEvent.click(await screen.findByTestId("open-account"));
    expect(await screen.findByTestId("error")).toBeTruthy();
    expect(screen.queryByTestId("account-form")).toBeNull();
  });
});

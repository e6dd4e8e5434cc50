import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { List } from "../../ipc/bindings/List";
import { ListsArea } from "./ListsArea";

const commands = vi.hoisted(() => ({
  listLists: vi.fn(),
  createList: vi.fn(),
  renameList: vi.fn(),
  deleteList: vi.fn(),
  listMembers: vi.fn(),
}));
vi.mock("../../ipc/commands", () => commands);

const newsletter = {
  id: 3,
  name: "Newsletter",
  state: "active",
  creation_date: "2026-01-02 10:00:00",
  count_active: 49000,
  count_bounced: 10,
  count_inactive: 0,
  count_complained: 2,
  count_unconfirmed: 0,
  count_unsubscribed: 988,
  count_all: 50000,
} as List;

beforeEach(() => {
  vi.resetAllMocks();
  commands.listLists.mockResolvedValue([newsletter]);
});
afterEach(cleanup);

describe("ListsArea", () => {
  it("shows each list with its counts", async () => {
    render(<ListsArea />);
    expect(await screen.findByText("Newsletter")).toBeTruthy();
    expect(screen.getByText("50,000")).toBeTruthy();
    expect(screen.getByText("2 Jan 2026")).toBeTruthy();
  });

  it("asks before deleting and deletes once however often the button is pressed", async () => {
    let finish: () => void = () => {};
    commands.deleteList.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<ListsArea />);
    fireEvent.click(await screen.findByTestId("delete-list"));
    expect(commands.deleteList).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog").textContent).toContain("50,000 subscriber records");
    const confirm = screen.getByTestId("confirm");
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    finish();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(commands.deleteList).toHaveBeenCalledTimes(1);
    expect(commands.deleteList).toHaveBeenCalledWith(3);
  });

  it("keeps the dialog and the typed name when creating fails", async () => {
    commands.createList.mockRejectedValue({
      kind: "service",
      message: "Could not create the list: a required value is missing (service code 3).",
      advice: "Fill in every required field and try again.",
      code: 3,
      status: 422,
    });
    render(<ListsArea />);
    fireEvent.click(await screen.findByTestId("new-list"));
    fireEvent.change(screen.getByTestId("list-name"), { target: { value: "Spring" } });
    fireEvent.click(screen.getByTestId("list-name-submit"));
    expect((await screen.findByTestId("error")).textContent).toContain("service code 3");
    expect((screen.getByTestId("list-name") as HTMLInputElement).value).toBe("Spring");
    expect(commands.createList).toHaveBeenCalledWith("Spring");
  });

  it("says what failed when the lists cannot be loaded", async () => {
    commands.listLists.mockRejectedValue({
      kind: "network",
      message: "Could not load the lists: the service could not be reached (connection refused).",
      advice: "Check the account's address and your internet connection, then try again.",
      code: null,
      status: null,
    });
    render(<ListsArea />);
    expect((await screen.findByTestId("error")).textContent).toContain("could not be reached");
  });
});

import { act, fireEvent, screen } from "@testing-library/preact";
import { describe, expect, it, vi } from "vitest";

// The app's side of the window, as the page sees it: a close asked for comes over the channel.
// It says what is under way: by default, the send the test confirmed.
type Told = { sends: number; changes: number; imports: number; exports: number };
const app = vi.hoisted(() => ({
  closeAsked: (told?: Partial<Told>): void => void told,
  holdClose: vi.fn(async (pending: number) => void pending),
  closeWindow: vi.fn(async () => {}),
  watchClose: vi.fn(async (channel: { onmessage: (told: Told) => void }) => {
    app.closeAsked = (told = {}) => channel.onmessage({ sends: 1, changes: 0, imports: 0, exports: 0, ...told });
  }),
}));
vi.mock("../ipc/commands", () => ({ holdClose: app.holdClose, closeWindow: app.closeWindow, watchClose: app.watchClose }));
vi.mock("@tauri-apps/api/core", () => ({
  Channel: class {
    onmessage: (message: unknown) => void = () => {};
  },
}));

import { pendingSends } from "../kit/pendingSends";
import { pass, onFakeClockWithNoSendLeft } from "../test/pendingSendsClock";
import { renderWithApp } from "../test/render";
import { launchSays, resumeSays } from "../areas/campaigns/countdowns";
import { readyToLeave } from "./leaving";
import { PendingSendsBar, PendingSendsGuard } from "./PendingSends";

function confirmLaunch(run: () => Promise<void>) {
  pendingSends.start({ key: "launch:7", says: { key: "campaigns.launch.sendingIn", values: { name: "Spring news", count: 2 } }, testId: "launch", run });
}

onFakeClockWithNoSendLeft();

describe("the window's close while sends wait", () => {
  it("tells the app how many wait, asks, and after Send now sends once, then closes", async () => {
    const run = vi.fn(async () => {});
    renderWithApp(
      <>
        <PendingSendsBar />
        <PendingSendsGuard />
      </>,
    );
    confirmLaunch(run);
    await pass(1000);
    expect(app.holdClose).toHaveBeenLastCalledWith(1);
    expect(screen.getByTestId("launch-countdown").textContent).toContain("Sending “Spring news” to 2 subscribers in 9 s");

    await act(async () => app.closeAsked());
    expect(screen.getByRole("dialog").textContent).toContain("A send has not gone yet");
    expect(app.closeWindow).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("close-send-now"));
    fireEvent.click(screen.getByTestId("close-send-now"));
    await pass(0);
    expect(run).toHaveBeenCalledTimes(1);
    expect(app.closeWindow).toHaveBeenCalled();
    expect(app.holdClose).toHaveBeenLastCalledWith(0);
    await pass(30_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("drops them on Cancel and closes; Keep open keeps them counting", async () => {
    const run = vi.fn(async () => {});
    renderWithApp(<PendingSendsGuard />);
    confirmLaunch(run);
    await act(async () => app.closeAsked());
    fireEvent.click(screen.getByTestId("dialog-cancel"));
    await pass(0);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(pendingSends.list()).toHaveLength(1);

    await act(async () => app.closeAsked());
    fireEvent.click(screen.getByTestId("close-cancel"));
    await pass(30_000);
    expect(run).not.toHaveBeenCalled();
    expect(app.closeWindow).toHaveBeenCalled();
  });

  it("keeps the window open and says so when a send fails, explaining it in a toast", async () => {
    renderWithApp(<PendingSendsGuard />);
    confirmLaunch(async () => {
      throw { code: "unreachable", action: "launchCampaign", detail: "connection refused" };
    });
    await act(async () => app.closeAsked());
    fireEvent.click(screen.getByTestId("close-send-now"));
    await pass(0);
    expect(app.closeWindow).not.toHaveBeenCalled();
    expect(screen.getByTestId("close-failed")).toBeTruthy();
    expect(screen.getByTestId("toast").textContent).toContain("Could not");
  });

  it("closes by itself once the send went while the question was up, but not after it failed", async () => {
    renderWithApp(<PendingSendsGuard />);
    confirmLaunch(async () => {
      throw { code: "unreachable", action: "launchCampaign", detail: "connection refused" };
    });
    await act(async () => app.closeAsked());
    await pass(10_000);
    expect(app.closeWindow).not.toHaveBeenCalled();
    expect(screen.getByTestId("close-failed")).toBeTruthy();
    fireEvent.click(screen.getByTestId("dialog-cancel"));

    const run = vi.fn(async () => {});
    confirmLaunch(run);
    await act(async () => app.closeAsked());
    await pass(10_000);
    expect(run).toHaveBeenCalledTimes(1);
    expect(app.closeWindow).toHaveBeenCalled();
  });
});

describe("the window's close while work runs", () => {
  it("says what runs; Keep open keeps it, Stop and close closes", async () => {
    renderWithApp(<PendingSendsGuard />);
    await act(async () => app.closeAsked({ sends: 0, changes: 1 }));
    expect(screen.getByRole("dialog").textContent).toContain("Work is still running");
    expect(screen.getByTestId("close-work").textContent).toBe("A change of many subscribers is running.");
    fireEvent.click(screen.getByTestId("close-keep-working"));
    await pass(0);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(app.closeWindow).not.toHaveBeenCalled();

    await act(async () => app.closeAsked({ sends: 0, imports: 1, exports: 2 }));
    expect(screen.getByTestId("close-work").textContent).toBe("An import is running; 2 exports to files are running.");
    fireEvent.click(screen.getByTestId("close-stop-work"));
    await pass(0);
    expect(app.closeWindow).toHaveBeenCalledTimes(1);
  });

  it("asks about the sends first, then about the work, in Russian too", async () => {
    const run = vi.fn(async () => {});
    renderWithApp(<PendingSendsGuard />, "ru");
    confirmLaunch(run);
    await act(async () => app.closeAsked({ changes: 1 }));
    fireEvent.click(screen.getByTestId("close-send-now"));
    await pass(0);
    expect(run).toHaveBeenCalledTimes(1);
    expect(app.closeWindow).not.toHaveBeenCalled();
    expect(screen.getByTestId("close-work").textContent).toBe("Идёт массовое изменение подписчиков.");
    fireEvent.click(screen.getByTestId("close-stop-work"));
    await pass(0);
    expect(app.closeWindow).toHaveBeenCalledTimes(1);
  });
});

describe("leaving the account while sends wait", () => {
  it("leaves at once with nothing pending", async () => {
    renderWithApp(<PendingSendsGuard />);
    await expect(readyToLeave()).resolves.toBe(true);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("asks as a close does: Stay keeps them counting, Send now sends once and leaves", async () => {
    const run = vi.fn(async () => {});
    renderWithApp(<PendingSendsGuard />);
    confirmLaunch(run);
    let left: Promise<boolean> = Promise.resolve(false);
    await act(async () => void (left = readyToLeave()));
    expect(screen.getByRole("dialog").textContent).toContain("If you leave this account now, it does not go");
    expect(run).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("dialog-cancel"));
    await expect(left).resolves.toBe(false);
    expect(pendingSends.list()).toHaveLength(1);

    await act(async () => void (left = readyToLeave()));
    fireEvent.click(screen.getByTestId("close-send-now"));
    await pass(0);
    await expect(left).resolves.toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
    expect(app.closeWindow).not.toHaveBeenCalled();
    await pass(30_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("drops them on Cancel and leaves; stays when a send fails", async () => {
    const run = vi.fn(async () => {});
    renderWithApp(<PendingSendsGuard />);
    confirmLaunch(run);
    let left: Promise<boolean> = Promise.resolve(false);
    await act(async () => void (left = readyToLeave()));
    fireEvent.click(screen.getByTestId("close-cancel"));
    await pass(0);
    await expect(left).resolves.toBe(true);
    await pass(30_000);
    expect(run).not.toHaveBeenCalled();

    confirmLaunch(async () => {
      throw { code: "unreachable", action: "launchCampaign", detail: "connection refused" };
    });
    await act(async () => void (left = readyToLeave()));
    fireEvent.click(screen.getByTestId("close-send-now"));
    await pass(0);
    expect(screen.getByTestId("close-failed").textContent).toContain("you stay in this account");
    fireEvent.click(screen.getByTestId("dialog-cancel"));
    await expect(left).resolves.toBe(false);
    expect(app.closeWindow).not.toHaveBeenCalled();
  });
});

describe("the shell's countdowns", () => {
  it("say “about” when the count is approximate, and tell several of one kind apart by their key", async () => {
    renderWithApp(<PendingSendsBar />);
    const run = async () => {};
    pendingSends.start({ key: "launch:7", says: launchSays("Spring news", { count: 2, approximate: true }, false), testId: "launch", run });
    pendingSends.start({ key: "launch:8", says: launchSays("Summer", { count: 3, approximate: false }, true), testId: "launch", run });
    await pass(0);
    const [first, second] = screen.getAllByTestId("launch-countdown");
    expect(first.textContent).toContain("Sending “Spring news” to about 2 subscribers in 10 s");
    expect(second.textContent).toContain("Scheduling “Summer” for 3 subscribers in 10 s");
    expect([first.dataset.key, second.dataset.key]).toEqual(["launch:7", "launch:8"]);
  });

  it("in Russian, say «примерно» and ask of a single send without a figure", async () => {
    renderWithApp(
      <>
        <PendingSendsBar />
        <PendingSendsGuard />
      </>,
      "ru",
    );
    pendingSends.start({ key: "resume:7", says: resumeSays("Весна", { count: 5, approximate: true }), testId: "send", run: async () => {} });
    pendingSends.start({ key: "launch:8", says: launchSays("Лето", { count: 5, approximate: true }, false), testId: "launch", run: async () => {} });
    await pass(0);
    expect(screen.getByTestId("send-countdown").textContent).toContain("осталось около 5 получателей");
    expect(screen.getByTestId("launch-countdown").textContent).toContain("Отправка «Лето» примерно 5 подписчикам");
    pendingSends.undo("launch:8");
    await act(async () => app.closeAsked());
    expect(screen.getByRole("dialog").textContent).toContain("Отправка ещё не ушла");
    expect(screen.getByRole("dialog").textContent).not.toContain("1 отправка");
  });
});

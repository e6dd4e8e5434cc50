import { act, cleanup, fireEvent, screen } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../test/render";
import { PendingSends, UNDO_SECONDS, pendingSends, type PendingSend } from "./pendingSends";
import { UndoBar, useHeldSend, useHeldSends, useSaysText } from "./UndoWindow";

function aSend(run: () => Promise<void>, key = "launch:7"): PendingSend {
  return { key, says: { key: "campaigns.launch.sendingIn", values: { name: "Spring news", count: 48000 } }, testId: "launch", run };
}

/** Lets `ms` of the clock pass, with what the page draws meanwhile. */
const pass = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  pendingSends.cancelAll();
  vi.useRealTimers();
});

describe("PendingSends", () => {
  it("counts the undo window down second by second and runs the send once when it ends", async () => {
    const holder = new PendingSends();
    const run = vi.fn(async () => {});
    expect(holder.start(aSend(run))).toBe(true);
    expect(holder.find("launch:7")).toMatchObject({ phase: "waiting", left: UNDO_SECONDS });
    await vi.advanceTimersByTimeAsync(3000);
    expect(holder.find("launch:7")?.left).toBe(7);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(6999);
    expect(holder.find("launch:7")?.left).toBe(1);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(holder.list()).toEqual([]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("sends nothing once undone", async () => {
    const holder = new PendingSends();
    const run = vi.fn(async () => {});
    holder.start(aSend(run));
    await vi.advanceTimersByTimeAsync(4000);
    holder.undo("launch:7");
    expect(holder.list()).toEqual([]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(run).not.toHaveBeenCalled();
  });

  it("queues a second start of the same action (a double click) never, while it waits or while it goes", async () => {
    const holder = new PendingSends();
    let finish = () => {};
    const run = vi.fn(() => new Promise<void>((done) => (finish = done)));
    expect(holder.start(aSend(run))).toBe(true);
    expect(holder.start(aSend(run))).toBe(false);
    await vi.advanceTimersByTimeAsync(UNDO_SECONDS * 1000);
    expect(holder.find("launch:7")?.phase).toBe("sending");
    expect(holder.start(aSend(run))).toBe(false);
    finish();
    await vi.advanceTimersByTimeAsync(UNDO_SECONDS * 1000);
    expect(run).toHaveBeenCalledTimes(1);
    // Another action waits beside it.
    expect(holder.start(aSend(run, "launch:8"))).toBe(true);
  });

  it("sends everything at once when asked, waits for them, and says whether all went", async () => {
    const holder = new PendingSends();
    const went = vi.fn(async () => {});
    const refused = vi.fn(async () => {
      throw { code: "campaignLocked" };
    });
    const failures: unknown[] = [];
    holder.start(aSend(went, "launch:1"));
    holder.start(aSend(refused, "launch:2"));
    // Nobody listens yet (no shell): the failure is kept for the first who does.
    expect(await holder.sendAllNow()).toBe(false);
    expect([went.mock.calls.length, refused.mock.calls.length]).toEqual([1, 1]);
    holder.onFailure((error) => failures.push(error));
    expect(failures).toEqual([{ code: "campaignLocked" }]);
    expect(holder.list()).toEqual([]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(went).toHaveBeenCalledTimes(1);
    expect(await holder.sendAllNow()).toBe(true);
  });
});

/** A page that confirms a send and shows whether it waits, as the areas do. */
function Page({ run }: { run: () => Promise<void> }) {
  const held = useHeldSend("launch:7");
  return (
    <button onClick={() => pendingSends.start(aSend(run))} disabled={held !== undefined}>
      confirm
    </button>
  );
}

/** The shell's countdowns, as the app shows them. */
function Shell() {
  const says = useSaysText();
  return (
    <>
      {useHeldSends().map((send) => (
        <UndoBar key={send.key} text={says(send)} onUndo={() => pendingSends.undo(send.key)} testId="countdown" undoTestId="undo" />
      ))}
    </>
  );
}

describe("a send confirmed on a page", () => {
  it("outlives the page: the shell counts it down and it goes once", async () => {
    const run = vi.fn(async () => {});
    const page = renderWithApp(<Page run={run} />);
    renderWithApp(<Shell />);
    fireEvent.click(screen.getByText("confirm"));
    fireEvent.click(screen.getByText("confirm"));
    page.unmount();
    await pass(3000);
    expect(screen.getByTestId("countdown").textContent).toContain("Sending “Spring news” to 48,000 subscribers in 7 s");
    await pass(7000);
    expect(run).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId("countdown")).toBeNull();
  });

  it("is counted down in Russian with the right plural, and undone from the shell", async () => {
    const run = vi.fn(async () => {});
    renderWithApp(<Page run={run} />, "ru");
    renderWithApp(<Shell />, "ru");
    fireEvent.click(screen.getByText("confirm"));
    await pass(2000);
    expect(screen.getByTestId("countdown").textContent).toContain("Отправка «Spring news» 48\u00a0000 подписчикам через 8 с");
    fireEvent.click(screen.getByTestId("undo"));
    await pass(30_000);
    expect(run).not.toHaveBeenCalled();
    expect(screen.queryByTestId("countdown")).toBeNull();
  });
});

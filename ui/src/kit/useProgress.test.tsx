import { act, renderHook } from "@testing-library/preact";
import { describe, expect, it, vi } from "vitest";

const commands = vi.hoisted(() => ({ cancelWork: vi.fn(async () => {}) }));
vi.mock("../ipc/commands", () => commands);
vi.mock("@tauri-apps/api/core", () => ({
  Channel: class {
    onmessage: (message: unknown) => void = () => {};
  },
}));

import { useProgress } from "./useProgress";

describe("useProgress", () => {
  it("shows what the channel reports, and cancels the task it started", async () => {
    const { result } = renderHook(() => useProgress());
    let finish: () => void = () => {};
    let report: (p: { done: number; total: number | null }) => void = () => {};
    let started: Promise<string> | undefined;
    act(() => {
      started = result.current.start((taskId, channel) => {
        report = (p) => channel.onmessage(p);
        return new Promise<string>((resolve) => (finish = () => resolve(taskId)));
      });
    });
    expect(result.current.running).toBe(true);
    act(() => report({ done: 250, total: 1000 }));
    expect(result.current.progress).toEqual({ done: 250, total: 1000 });
    await act(() => result.current.cancel());
    await act(async () => finish());
    const taskId = await started;
    expect(commands.cancelWork).toHaveBeenCalledWith(taskId);
    expect(result.current.running).toBe(false);
  });
});

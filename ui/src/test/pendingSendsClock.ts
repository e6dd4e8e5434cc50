import { act, cleanup } from "@testing-library/preact";
import { afterEach, beforeEach, vi } from "vitest";
import { pendingSends } from "../kit/pendingSends";

/** Lets `ms` of the fake clock pass, with what the page draws meanwhile. */
export const pass = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/** Runs each test of the file on a fake clock, with no send left waiting after it. */
export function onFakeClockWithNoSendLeft() {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.clearAllMocks();
  });
  afterEach(() => {
    cleanup();
    pendingSends.cancelAll();
    vi.useRealTimers();
  });
}

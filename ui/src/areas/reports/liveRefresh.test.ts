import { describe, expect, it } from "vitest";
import { backingOff, LIVE_FASTEST_MS, LIVE_SLOWEST_MS, nextWait } from "./liveRefresh";

describe("live refresh", () => {
  it("waits longer while nothing changes and comes back at once after a change", () => {
    let wait = nextWait(null, false);
    expect(wait).toBe(LIVE_FASTEST_MS);
    const waits = [];
    for (let n = 0; n < 8; n++) {
      wait = nextWait(wait, false);
      waits.push(wait);
    }
    expect(waits.slice(0, 3)).toEqual([10_000, 20_000, 40_000]);
    expect(waits.at(-1)).toBe(LIVE_SLOWEST_MS);
    expect(nextWait(LIVE_SLOWEST_MS, true)).toBe(LIVE_FASTEST_MS);
  });

  it("counts a read once, however often the interval is asked for", () => {
    const interval = backingOff((data: { sent: number }) => String(data.sent));
    expect(interval("q", { sent: 10 }, 1)).toBe(LIVE_FASTEST_MS);
    expect(interval("q", { sent: 10 }, 1)).toBe(LIVE_FASTEST_MS);
    expect(interval("q", { sent: 10 }, 2)).toBe(2 * LIVE_FASTEST_MS);
    expect(interval("q", { sent: 10 }, 3)).toBe(4 * LIVE_FASTEST_MS);
    expect(interval("q", { sent: 11 }, 4)).toBe(LIVE_FASTEST_MS);
    expect(interval("other", { sent: 11 }, 4)).toBe(LIVE_FASTEST_MS);
  });
});

import { renderHook } from "@testing-library/preact";
import { describe, expect, it, vi } from "vitest";
import { leftBehind, nextRevision, useKeptChanges } from "./KeptChanges";

describe("useKeptChanges", () => {
  it("keeps each settled change with a later revision, and on leaving what was typed but not yet settled", async () => {
    const keep = vi.fn<(value: string, revision: number) => Promise<void>>(async () => {});
    const failed = vi.fn();
    const { rerender, unmount } = renderHook(({ settled, latest }) => useKeptChanges(settled, "saved", keep, true, failed, latest), {
      initialProps: { settled: "saved", latest: "saved" },
    });
    expect(keep).not.toHaveBeenCalled();
    rerender({ settled: "one", latest: "one" });
    rerender({ settled: "one", latest: "one two" });
    expect(keep.mock.calls.map(([value]) => value)).toEqual(["one"]);
    unmount();
    // Preact runs a leaving component's cleanups after the unmount returns.
    await vi.waitFor(() => expect(keep.mock.calls.map(([value]) => value)).toEqual(["one", "one two"]));
    const [first, second] = keep.mock.calls.map(([, revision]) => revision);
    expect(second).toBeGreaterThan(first);
    expect(failed).not.toHaveBeenCalled();
  });

  it("keeps nothing on leaving when nothing changed since the last keep", async () => {
    const keep = vi.fn(async () => {});
    const left = vi.fn();
    const { unmount } = renderHook(() => useKeptChanges("saved", "saved", keep, true, left));
    unmount();
    await new Promise((settled) => setTimeout(settled, 50));
    expect(keep).not.toHaveBeenCalled();
  });
});

describe("leftBehind", () => {
  it("is what an editor held as it closed changed in this run, until it opens again", async () => {
    const keep = vi.fn(async () => {});
    const place = "campaign:7";
    const first = renderHook(({ latest }) => useKeptChanges("saved", "saved", keep, true, vi.fn(), latest, place), { initialProps: { latest: "saved" } });
    first.rerender({ latest: "typed just now" });
    first.unmount();
    await vi.waitFor(() => expect(leftBehind<string>(place)).toBe("typed just now"));
    expect(leftBehind("campaign:8")).toBeNull();

    const again = renderHook(() => useKeptChanges("typed just now", "saved", keep, true, vi.fn(), "typed just now", place));
    await vi.waitFor(() => expect(leftBehind(place)).toBeNull());
    again.unmount();
  });

  it("is nothing when the editor closed as the service has it", async () => {
    const { unmount } = renderHook(() => useKeptChanges("saved", "saved", vi.fn(async () => {}), true, vi.fn(), "saved", "campaign:9"));
    unmount();
    await new Promise((settled) => setTimeout(settled, 50));
    expect(leftBehind("campaign:9")).toBeNull();
  });
});

describe("nextRevision", () => {
  it("always counts up, even within one millisecond", () => {
    const revisions = Array.from({ length: 100 }, nextRevision);
    expect(revisions.every((r, i) => i === 0 || r > revisions[i - 1])).toBe(true);
    expect(revisions[0]).toBeGreaterThanOrEqual(Date.now() - 1000);
  });

  it("counts up within the page when the clock is set back", () => {
    const before = nextRevision();
    const clock = vi.spyOn(Date, "now").mockReturnValue(before - 3_600_000);
    try {
      expect(nextRevision()).toBe(before + 1);
    } finally {
      clock.mockRestore();
    }
  });
});

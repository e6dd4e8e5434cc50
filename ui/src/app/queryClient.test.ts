import { QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DeskError } from "../ipc/bindings/DeskError";
import { createQueryClient } from "./queryClient";

const throttled: DeskError = { code: "throttled", action: "loadDialogs", retryAfter: 2 };

describe("a read the service throttled", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("is read again once the wait is over, while a screen shows it", async () => {
    const client = createQueryClient();
    const read = vi.fn().mockRejectedValueOnce(throttled).mockResolvedValue(["dialog"]);
    const observer = new QueryObserver(client, { queryKey: ["dialogs"], queryFn: read });
    const seen: unknown[] = [];
    const stop = observer.subscribe((result) => seen.push(result.error ?? result.data));
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult().error).toEqual(throttled);
    await vi.advanceTimersByTimeAsync(1_900);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(read).toHaveBeenCalledTimes(2);
    expect(observer.getCurrentResult().data).toEqual(["dialog"]);
    stop();
  });

  it("is not read again when no screen shows it any more, nor after another failure", async () => {
    const client = createQueryClient();
    const gone = vi.fn().mockRejectedValue(throttled);
    const stop = new QueryObserver(client, { queryKey: ["gone"], queryFn: gone }).subscribe(() => {});
    const failed = vi.fn().mockRejectedValue({ code: "timedOut", action: "loadLists" });
    const stays = new QueryObserver(client, { queryKey: ["failed"], queryFn: failed }).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(gone).toHaveBeenCalledTimes(1);
    expect(failed).toHaveBeenCalledTimes(1);
    stays();
  });
});

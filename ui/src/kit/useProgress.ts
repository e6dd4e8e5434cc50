import { Channel } from "@tauri-apps/api/core";
import { useCallback, useRef, useState } from "react";

/** What long work reports as it goes: done out of total (total unknown until it is). */
export interface Progress {
  done: number;
  total: number | null;
}

/**
 * Long work (imports, exports, big report pulls) over a Tauri channel: the
 * command takes the channel and a cancel token, reports progress on the
 * channel, and stops when the token is cancelled.
 *
 * `start((channel, signal) => someCommand(args, channel))` runs it; `cancel()`
 * aborts the signal, which the caller passes on to the command that stops
 * the work.
 */
export function useProgress<T>() {
  const [progress, setProgress] = useState<Progress | null>(null);
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const start = useCallback(async (work: (channel: Channel<Progress>, signal: AbortSignal) => Promise<T>) => {
    const abort = new AbortController();
    controller.current = abort;
    const channel = new Channel<Progress>();
    channel.onmessage = (update) => {
      if (!abort.signal.aborted) setProgress(update);
    };
    setRunning(true);
    setProgress({ done: 0, total: null });
    try {
      return await work(channel, abort.signal);
    } finally {
      setRunning(false);
      controller.current = null;
    }
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { progress, running, start, cancel };
}

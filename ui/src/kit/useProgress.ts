import { Channel } from "@tauri-apps/api/core";
import { useCallback, useRef, useState } from "react";
import type { Progress } from "../ipc/bindings/Progress";
import { cancelWork } from "../ipc/commands";

let nextTask = 0;

/**
 * Long work (imports, exports, big report pulls) over a Tauri channel: the
 * command takes a task id and a channel, reports `Progress` on the channel
 * as it goes, and stops (with the `cancelled` error) when `cancel()` asks
 * `desk` to cancel that task id.
 *
 *     const { progress, running, start, cancel } = useProgress();
 *     await start((taskId, channel) => exportList(listId, path, taskId, channel));
 */
export function useProgress() {
  const [progress, setProgress] = useState<Progress | null>(null);
  const [running, setRunning] = useState(false);
  const current = useRef<string | null>(null);

  const start = useCallback(async <T,>(work: (taskId: string, channel: Channel<Progress>) => Promise<T>): Promise<T> => {
    const taskId = `task-${Date.now()}-${nextTask++}`;
    current.current = taskId;
    const channel = new Channel<Progress>();
    channel.onmessage = (update) => {
      if (current.current === taskId) setProgress(update);
    };
    setRunning(true);
    setProgress({ done: 0, total: null });
    try {
      return await work(taskId, channel);
    } finally {
      if (current.current === taskId) {
        current.current = null;
        setRunning(false);
      }
    }
  }, []);

  const cancel = useCallback(async () => {
    if (current.current) await cancelWork(current.current);
  }, []);

  return { progress, running, start, cancel };
}

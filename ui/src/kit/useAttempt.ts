import { useCallback, useState } from "react";
import type { DeskError } from "../ipc/bindings/DeskError";
import { toDeskError } from "../ipc/errors";
import { useBusy } from "./useBusy";

/**
 * One user action at a time, with its failure kept for the screen. What the
 * user typed stays where it is: only the error changes.
 */
export function useAttempt(initialError: DeskError | null = null) {
  const [busy, run] = useBusy();
  const [error, setError] = useState<DeskError | null>(initialError);
  const attempt = useCallback(
    (action: () => Promise<void>) =>
      run(async () => {
        setError(null);
        try {
          await action();
        } catch (reason) {
          setError(toDeskError(reason));
        }
      }),
    [run],
  );
  return { busy, error, setError, attempt };
}

import { useCallback, useState } from "react";
import type { UiError } from "../ipc/bindings/UiError";
import { toUiError } from "../ipc/errors";
import { useBusy } from "./useBusy";

/**
 * One user action at a time, with its failure kept as a UiError for the
 * screen. What the user typed stays where it is: only the error changes.
 */
export function useAttempt(initialError: UiError | null = null) {
  const [busy, run] = useBusy();
  const [error, setError] = useState<UiError | null>(initialError);
  const attempt = useCallback(
    (action: () => Promise<void>) =>
      run(async () => {
        setError(null);
        try {
          await action();
        } catch (reason) {
          setError(toUiError(reason));
        }
      }),
    [run],
  );
  return { busy, error, setError, attempt };
}

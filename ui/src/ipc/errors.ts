import type { DeskError } from "./bindings/DeskError";

/** Whatever a command rejected with, as a DeskError the screen can explain. */
export function toDeskError(reason: unknown): DeskError {
  if (typeof reason === "object" && reason !== null && typeof (reason as DeskError).code === "string") {
    return reason as DeskError;
  }
  const detail = typeof reason === "string" ? reason : reason instanceof Error ? reason.message : String(reason);
  return { code: "internal", detail };
}

/** The milliseconds a read the service throttled waits before it is read again, or null for any other failure. */
export function throttledFor(reason: unknown): number | null {
  const error = toDeskError(reason);
  return error.code === "throttled" ? error.retryAfter * 1000 : null;
}

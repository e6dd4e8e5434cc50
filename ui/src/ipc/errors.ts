import type { DeskError } from "./bindings/DeskError";

/** Whatever a command rejected with, as a DeskError the screen can explain. */
export function toDeskError(reason: unknown): DeskError {
  if (typeof reason === "object" && reason !== null && typeof (reason as DeskError).code === "string") {
    return reason as DeskError;
  }
  const detail = typeof reason === "string" ? reason : reason instanceof Error ? reason.message : String(reason);
  return { code: "internal", detail };
}

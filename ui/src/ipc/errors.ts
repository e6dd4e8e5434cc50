import type { UiError } from "./bindings/UiError";

/** Whatever a command rejected with, as a UiError the screen can show. */
export function toUiError(reason: unknown): UiError {
  if (isUiError(reason)) return reason;
  const text =
    typeof reason === "string" ? reason : reason instanceof Error ? reason.message : "Something went wrong.";
  return {
    kind: "internal",
    message: text,
    advice: "Try again; if it keeps happening, restart Campaign Desk.",
    code: null,
    status: null,
  };
}

function isUiError(value: unknown): value is UiError {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as UiError).message === "string" &&
    typeof (value as UiError).advice === "string" &&
    typeof (value as UiError).kind === "string"
  );
}

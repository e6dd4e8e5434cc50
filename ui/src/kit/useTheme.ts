import { useSyncExternalStore } from "react";

const DARK = "(prefers-color-scheme: dark)";

function subscribe(changed: () => void) {
  const query = window.matchMedia(DARK);
  query.addEventListener("change", changed);
  return () => query.removeEventListener("change", changed);
}

/** The theme the app shows (it follows the system), for what is drawn outside CSS: charts. */
export function useTheme(): "light" | "dark" {
  return useSyncExternalStore(subscribe, () => (window.matchMedia(DARK).matches ? "dark" : "light"));
}

import type { QueryClient } from "@tanstack/react-query";
import type { AnyRouter } from "@tanstack/react-router";
import { AREAS } from "../areas";
import type { WorkspaceView } from "../ipc/bindings/WorkspaceView";
import { reopenLast } from "../ipc/commands";
import { areaPath } from "./area";

let pending: Promise<WorkspaceView | null> | null = null;

/**
 * Everything the first screen needs, asked for at once before the first render:
 * the account used last (the app began opening it while the page loaded), the
 * first area's code, and its data (which waits in the app for the account).
 */
export function beginStart(router: AnyRouter, queries: QueryClient) {
  pending = reopenLast();
  const first = AREAS[0];
  void router.preloadRoute({ to: areaPath(first.id) }).catch(() => {});
  first.prefetch?.(queries);
}

/** The start's opening until the start screen has shown its outcome; `null` after. */
export function startOpening() {
  return pending;
}

/** The start's outcome is shown: later visits to `/` choose an account. */
export function startShown() {
  pending = null;
}

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
 * A fresh page starts in the first area, whose shell waits for that account
 * (see `Shell`); without one, `/` shows the accounts and why.
 */
export function beginStart(router: AnyRouter, queries: QueryClient) {
  performance.mark("start: scripts run");
  pending = reopenLast().then((workspace) => {
    performance.mark("start: account open");
    return workspace;
  });
  const first = areaPath(AREAS[0].id);
  if (router.history.location.pathname === "/") router.history.replace(first);
  void router.preloadRoute({ to: first }).catch(() => {});
  AREAS[0].prefetch?.(queries);
}

/** The start's opening until its outcome has been shown; `null` after. */
export function startOpening() {
  return pending;
}

/** The start's outcome is shown: later visits to `/` choose an account. */
export function startShown() {
  pending = null;
}

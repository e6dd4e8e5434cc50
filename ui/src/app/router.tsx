import { createHashHistory, createRootRoute, createRoute, createRouter, lazyRouteComponent, Outlet } from "@tanstack/react-router";
import { AREAS } from "../areas";
import { Arrivals } from "./Arrivals";
import { ContextMenu } from "./contextMenu/ContextMenu";
import { CommandPalette } from "./palette/CommandPalette";
import { ROUTE_DEFAULTS } from "./routeDefaults";
import { Shell } from "./Shell";
import { ShellLanguage } from "./ShellLanguage";
import { StartScreen } from "./StartScreen";
import { Updates } from "./updates/Updates";

/** Every screen, with the command palette over it (Ctrl+K) and the app's context menu, on the accounts screen too, what the system hands the app (links, dropped files), the menus' language and the updates dialog. */
function Root() {
  return (
    <>
      <Outlet />
      <CommandPalette />
      <ContextMenu />
      <Arrivals />
      <ShellLanguage />
      <Updates />
    </>
  );
}

/**
 * Routes: `/` reopens the last account, `/accounts` chooses one, `/w/...`
 * is the open workspace with each area's routes under it. Screen state
 * (filters, search, sort, scroll place) lives in the URL's search, so it
 * survives switching areas and coming back. Hash history: the app is served
 * from files, where only the hash can change without a server.
 */
export function createAppRouter() {
  const root = createRootRoute({ component: Root });
  const start = createRoute({ getParentRoute: () => root, path: "/", component: StartScreen });
  const accounts = createRoute({
    getParentRoute: () => root,
    path: "/accounts",
    component: lazyRouteComponent(() => import("../areas/accounts/AccountsScreen"), "AccountsScreen"),
  });
  const workspace = createRoute({ getParentRoute: () => root, path: "/w", component: Shell });
  const tree = root.addChildren([start, accounts, workspace.addChildren(AREAS.flatMap((area) => area.routes(workspace)))]);
  return createRouter({ routeTree: tree, history: createHashHistory(), ...ROUTE_DEFAULTS });
}

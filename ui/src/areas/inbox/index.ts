import { createRoute, lazyRouteComponent, type AnyRoute } from "@tanstack/react-router";
import type { Area } from "../../app/area";
import { UnreadBadge } from "./UnreadBadge";
import { inboxSearch } from "./inboxSearch";

export const inboxArea: Area = {
  id: "inbox",
  label: "nav.inbox",
  icon: "✆",
  Badge: UnreadBadge,
  routes: (workspace: AnyRoute) => [
    createRoute({
      getParentRoute: () => workspace,
      path: "inbox",
      validateSearch: inboxSearch,
      component: lazyRouteComponent(() => import("./InboxPage"), "InboxPage"),
    }),
  ],
};

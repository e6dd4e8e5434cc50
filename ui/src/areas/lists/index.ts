import { createRoute, lazyRouteComponent, type AnyRoute } from "@tanstack/react-router";
import type { Area } from "../../app/area";
import { listSearch } from "./listSearch";
import { prefetchLists } from "./queries";

export const listsArea: Area = {
  id: "lists",
  label: "nav.lists",
  icon: "☰",
  prefetch: prefetchLists,
  routes: (workspace: AnyRoute) => [
    createRoute({
      getParentRoute: () => workspace,
      path: "lists",
      component: lazyRouteComponent(() => import("./ListsPage"), "ListsPage"),
    }),
    createRoute({
      getParentRoute: () => workspace,
      path: "lists/across/$who",
      component: lazyRouteComponent(() => import("./AcrossListsPage"), "AcrossListsPage"),
    }),
    createRoute({
      getParentRoute: () => workspace,
      path: "lists/$listId",
      validateSearch: listSearch,
      component: lazyRouteComponent(() => import("./ListPage"), "ListPage"),
    }),
  ],
};

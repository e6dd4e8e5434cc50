import { createRoute, lazyRouteComponent, type AnyRoute } from "@tanstack/react-router";
import type { Area } from "../../app/area";
import type { ListSummary } from "../../ipc/bindings/ListSummary";
import { importFailures, listsFailures } from "./failures";
import { listSearch } from "./listSearch";
import { listLists, listListsKey } from "../../ipc/commands";
import { InterruptedChanges } from "./InterruptedChanges";
import { prefetchLists } from "./queries";

export const listsArea: Area = {
  id: "lists",
  failures: listsFailures,
  partsFailures: { import: importFailures },
  label: "nav.lists",
  icon: "☰",
  prefetch: prefetchLists,
  Notice: InterruptedChanges,
  find: {
    key: listListsKey,
    read: listLists,
    found: (lists: ListSummary[]) => lists.map((list) => ({ id: String(list.id), name: list.name, href: `/w/lists/${list.id}` })),
  },
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

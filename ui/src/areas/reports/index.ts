import { createRoute, lazyRouteComponent, type AnyRoute } from "@tanstack/react-router";
import type { Area } from "../../app/area";
import { reportsFailures } from "./failures";
import { compareSearch } from "./compareSearch";
import { rowsSearch } from "./rowsSearch";

export const reportsArea: Area = {
  id: "reports",
  failures: reportsFailures,
  label: "nav.reports",
  icon: "▤",
  routes: (workspace: AnyRoute) => [
    createRoute({
      getParentRoute: () => workspace,
      path: "reports",
      component: lazyRouteComponent(() => import("./ReportsPage"), "ReportsPage"),
    }),
    createRoute({
      getParentRoute: () => workspace,
      path: "reports/compare",
      validateSearch: compareSearch,
      component: lazyRouteComponent(() => import("./ComparePage"), "ComparePage"),
    }),
    createRoute({
      getParentRoute: () => workspace,
      path: "reports/$campaignId/rows",
      validateSearch: rowsSearch,
      component: lazyRouteComponent(() => import("./RowsPage"), "RowsPage"),
    }),
    createRoute({
      getParentRoute: () => workspace,
      path: "reports/$campaignId",
      component: lazyRouteComponent(() => import("./DashboardPage"), "DashboardPage"),
    }),
  ],
};

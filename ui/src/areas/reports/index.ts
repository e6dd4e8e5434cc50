import { createRoute, lazyRouteComponent, type AnyRoute } from "@tanstack/react-router";
import type { Area } from "../../app/area";

export const reportsArea: Area = {
  id: "reports",
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
      path: "reports/$campaignId",
      component: lazyRouteComponent(() => import("./DashboardPage"), "DashboardPage"),
    }),
  ],
};

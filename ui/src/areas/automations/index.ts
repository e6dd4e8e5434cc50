import { createRoute, lazyRouteComponent, type AnyRoute } from "@tanstack/react-router";
import type { Area } from "../../app/area";
import { automationsFailures } from "./failures";

export const automationsArea: Area = {
  id: "automations",
  failures: automationsFailures,
  label: "nav.automations",
  icon: "⟳",
  routes: (workspace: AnyRoute) => [
    createRoute({
      getParentRoute: () => workspace,
      path: "automations",
      component: lazyRouteComponent(() => import("./AutomationsPage"), "AutomationsPage"),
    }),
    createRoute({
      getParentRoute: () => workspace,
      path: "automations/$automationId",
      component: lazyRouteComponent(() => import("./AutomationPage"), "AutomationPage"),
    }),
  ],
};

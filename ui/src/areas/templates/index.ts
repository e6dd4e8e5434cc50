import { createRoute, lazyRouteComponent, type AnyRoute } from "@tanstack/react-router";
import type { Area } from "../../app/area";

export const templatesArea: Area = {
  id: "templates",
  label: "nav.templates",
  icon: "▦",
  routes: (workspace: AnyRoute) => [
    createRoute({
      getParentRoute: () => workspace,
      path: "templates",
      component: lazyRouteComponent(() => import("./TemplatesPage"), "TemplatesPage"),
    }),
    createRoute({
      getParentRoute: () => workspace,
      path: "templates/$kind/$templateId",
      component: lazyRouteComponent(() => import("./TemplatePage"), "TemplatePage"),
    }),
  ],
};

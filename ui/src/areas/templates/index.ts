import { createRoute, lazyRouteComponent, type AnyRoute } from "@tanstack/react-router";
import type { Area } from "../../app/area";
import type { TemplateView } from "../../ipc/bindings/TemplateView";
import { listTemplates, listTemplatesKey } from "../../ipc/commands";

export const templatesArea: Area = {
  id: "templates",
  label: "nav.templates",
  icon: "▦",
  find: {
    key: listTemplatesKey,
    read: listTemplates,
    found: (templates: TemplateView[]) =>
      templates.map((x) => ({
        id: `${x.kind}-${x.id}`,
        name: x.name,
        href: `/w/templates/${x.kind}/${x.id}`,
        detail: x.kind === "saved" ? "templates.kind.saved" : "templates.kind.html",
      })),
  },
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

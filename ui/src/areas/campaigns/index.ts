import { createRoute, lazyRouteComponent, type AnyRoute } from "@tanstack/react-router";
import type { Area } from "../../app/area";
import { campaignsSearch } from "./campaignsSearch";

export const campaignsArea: Area = {
  id: "campaigns",
  label: "nav.campaigns",
  icon: "✉",
  routes: (workspace: AnyRoute) => [
    createRoute({
      getParentRoute: () => workspace,
      path: "campaigns",
      validateSearch: campaignsSearch,
      component: lazyRouteComponent(() => import("./CampaignsPage"), "CampaignsPage"),
    }),
    createRoute({
      getParentRoute: () => workspace,
      path: "campaigns/$campaignId",
      component: lazyRouteComponent(() => import("./EditorPage"), "EditorPage"),
    }),
  ],
};

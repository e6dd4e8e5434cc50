import { createRoute, lazyRouteComponent, type AnyRoute } from "@tanstack/react-router";
import type { Area } from "../../app/area";
import type { CampaignsView } from "../../ipc/bindings/CampaignsView";
import { listCampaigns, listCampaignsKey } from "../../ipc/commands";
import { CAMPAIGN_STATES } from "../../i18n/explain";
import { campaignsSearch } from "./campaignsSearch";

export const campaignsArea: Area = {
  id: "campaigns",
  label: "nav.campaigns",
  icon: "✉",
  find: {
    key: listCampaignsKey,
    read: listCampaigns,
    found: (view: CampaignsView) =>
      view.campaigns.map((c) => ({ id: String(c.id), name: c.name, href: `/w/campaigns/${c.id}`, detail: CAMPAIGN_STATES[c.state] })),
  },
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

import { createRoute, lazyRouteComponent, type AnyRoute } from "@tanstack/react-router";
import type { Area } from "../../app/area";
import { inboundFailures } from "./failures";
import { inboundSearch } from "./inboundSearch";

export const inboundArea: Area = {
  id: "inbound",
  label: "nav.inbound",
  icon: "⇲",
  failures: inboundFailures,
  routes: (workspace: AnyRoute) => [
    createRoute({
      getParentRoute: () => workspace,
      path: "inbound",
      validateSearch: inboundSearch,
      component: lazyRouteComponent(() => import("./InboundPage"), "InboundPage"),
    }),
  ],
};

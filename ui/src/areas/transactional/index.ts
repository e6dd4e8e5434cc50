import { createRoute, lazyRouteComponent, type AnyRoute } from "@tanstack/react-router";
import type { Area } from "../../app/area";
import { transactionalFailures } from "./failures";

export const transactionalArea: Area = {
  id: "transactional",
  label: "nav.transactional",
  icon: "➤",
  failures: transactionalFailures,
  routes: (workspace: AnyRoute) => [
    createRoute({
      getParentRoute: () => workspace,
      path: "transactional",
      component: lazyRouteComponent(() => import("./TransactionalPage"), "TransactionalPage"),
    }),
  ],
};

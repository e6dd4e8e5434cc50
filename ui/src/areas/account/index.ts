import { createRoute, lazyRouteComponent, type AnyRoute } from "@tanstack/react-router";
import type { Area } from "../../app/area";
import { accountSearch } from "./accountSearch";
import { accountFailures } from "./failures";

export const accountArea: Area = {
  id: "account",
  label: "nav.account",
  icon: "◉",
  failures: accountFailures,
  routes: (workspace: AnyRoute) => [
    createRoute({
      getParentRoute: () => workspace,
      path: "account",
      validateSearch: accountSearch,
      component: lazyRouteComponent(() => import("./AccountPage"), "AccountPage"),
    }),
  ],
};

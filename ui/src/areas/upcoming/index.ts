import { createRoute, lazyRouteComponent, type AnyRoute } from "@tanstack/react-router";
import type { Area } from "../../app/area";
import type { Placeholder } from "./ComingSoon";

/** Areas whose screens are not built yet: each says plainly what it will hold. */
function upcoming(id: Placeholder, icon: string): Area {
  return {
    id,
    label: `nav.${id}`,
    icon,
    routes: (workspace: AnyRoute) => [
      createRoute({
        getParentRoute: () => workspace,
        path: id,
        component: lazyRouteComponent(() => import("./ComingSoon"), "ComingSoon"),
      }),
    ],
  };
}

export const upcomingAreas: Area[] = [upcoming("inbound", "⇲")];

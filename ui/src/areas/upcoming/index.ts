import { createRoute, lazyRouteComponent, type AnyRoute } from "@tanstack/react-router";
import type { Area } from "../../app/area";
import type { MessageKey } from "../../i18n/I18n";

/** Areas whose screens are not built yet: each says plainly what it will hold. */
function upcoming(id: string, icon: string, label: MessageKey): Area {
  return {
    id,
    label,
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

export const upcomingAreas: Area[] = [
  upcoming("transactional", "➤", "nav.transactional"),
  upcoming("account", "◉", "nav.account"),
  upcoming("inbound", "⇲", "nav.inbound"),
];

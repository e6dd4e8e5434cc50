import { createRoute, lazyRouteComponent, type AnyRoute } from "@tanstack/react-router";
import type { Area } from "../../app/area";
import type { MessageKey } from "../../i18n/I18n";

/**
 * An area not built yet, by its id: its words (words.en.json, words.ru.json)
 * are `nav.<id>`, its name in the sidebar, and `upcoming.<id>`, what it will
 * hold; an id without both is not one.
 */
export type Placeholder = {
  [Key in MessageKey]: Key extends `upcoming.${infer Id}` ? (`nav.${Id}` extends MessageKey ? Id : never) : never;
}[MessageKey];

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

export const upcomingAreas: Area[] = [upcoming("transactional", "➤"), upcoming("account", "◉"), upcoming("inbound", "⇲")];

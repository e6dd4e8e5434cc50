import { AreaCrash } from "./AreaCrash";

/**
 * What every route gets unless it says otherwise. Each route, so every
 * area's screens, catches its own errors: the shell stays, and the area
 * shows what happened instead of a blank page.
 */
export const ROUTE_DEFAULTS = { defaultPreload: "intent", defaultErrorComponent: AreaCrash } as const;

import type { QueryClient } from "@tanstack/react-query";
import type { AnyRoute } from "@tanstack/react-router";
import type { ComponentType } from "react";
import type { MessageKey } from "../i18n/I18n";

/**
 * What an area brings to the shell: its place in the sidebar and its
 * routes, made under the workspace's layout route. Adding an area is a
 * `desk` module, a folder under `areas/` exporting one of these with its
 * words (`words.en.json`, `words.ru.json`, `words.ts`), and a line in
 * `areas/index.ts`.
 */
export interface Area {
  id: string;
  label: MessageKey;
  icon: string;
  routes: (workspace: AnyRoute) => AnyRoute[];
  /** Starts reading what the area's first screen shows, as soon as an account is open. */
  prefetch?: (queries: QueryClient) => void;
  /** Shown beside the area's name in the sidebar: what waits there (unread replies). */
  Badge?: ComponentType;
}

/** Where an area starts: `/w/<id>`. */
export function areaPath(id: string) {
  return `/w/${id}`;
}

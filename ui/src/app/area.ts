import type { QueryClient } from "@tanstack/react-query";
import type { AnyRoute } from "@tanstack/react-router";
import type { ComponentType } from "react";
import type { FailureWords } from "../i18n/explain";
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
  /** Mounted while an account is open: what the area must say once it opens (a change the app's end interrupted). */
  Notice?: ComponentType;
  /** What the command palette finds by name in the area, under the area's name. */
  find?: Finder;
  /** How the area says the failures only it has (the desk's `…Failure` of the area). */
  failures?: FailureWords;
  /**
   * How it says those of the desk's modules that are parts of it (a registry
   * entry `PartOf` the area: the lists' `import`), by the desk's name of each.
   */
  partsFailures?: Record<string, FailureWords>;
}

/** One thing the palette finds by its name, and where it opens. */
export interface Found {
  /** Unique in the area: the palette's entry is `<area id>:<id>`. */
  id: string;
  /** As the user named it: found as typed, in no particular language. */
  name: string;
  /** Where it opens: a route under `/w`. */
  href: string;
  /** Read beside the name (a campaign's state). */
  detail?: MessageKey;
}

/**
 * How the palette finds an area's things: the area's own read, under the
 * query key its screen uses (the generated `<command>Key` and command), so
 * that an answer already cached is used and nothing is read twice; asked
 * only when the palette opens; and what that answer holds by name.
 */
export interface Finder<Data = unknown> {
  key: () => readonly unknown[];
  read: () => Promise<Data>;
  // A method, so that an area's finder of its own data stands for `Finder` in the list of areas.
  found(data: Data): Found[];
}

/** Where an area starts: `/w/<id>`. */
export function areaPath(id: string) {
  return `/w/${id}`;
}

/** The parts of the inbound page, in the order its tabs show them. */
export const INBOUND_TABS = ["routes", "domains", "messages", "deliveries", "settings"] as const;
export type InboundTab = (typeof INBOUND_TABS)[number];

/** The inbound page, as its URL keeps it: which part is open. */
export interface InboundSearch {
  tab?: InboundTab;
}

/** Reads the search of the inbound page's URL, dropping anything it does not know. */
export function inboundSearch(search: Record<string, unknown>): InboundSearch {
  const tab = INBOUND_TABS.find((known) => known === search.tab);
  return tab ? { tab } : {};
}

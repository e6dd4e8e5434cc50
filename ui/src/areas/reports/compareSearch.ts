/** The comparison screen, as its URL keeps it: the campaigns compared, in order. */
export interface CompareSearch {
  ids: number[];
}

/** Reads the comparison's URL search: whole positive numbers, each once. */
export function compareSearch(search: Record<string, unknown>): CompareSearch {
  const raw = Array.isArray(search.ids) ? search.ids : [];
  const ids = raw.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  return { ids: [...new Set(ids)] };
}

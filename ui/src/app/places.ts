/**
 * The last place (path and search) seen in each area, so that going back
 * to an area returns to the same list, filter and scroll place.
 */
const places = new Map<string, string>();

function areaOf(pathname: string): string | null {
  return /^\/w\/([^/]+)/.exec(pathname)?.[1] ?? null;
}

export function rememberPlace(pathname: string, search: string) {
  const area = areaOf(pathname);
  if (area) places.set(area, `${pathname}${search}`);
}

/** Where the sidebar's link to an area goes. */
export function placeOf(area: string): string {
  return places.get(area) ?? `/w/${area}`;
}

export function forgetPlaces() {
  places.clear();
}

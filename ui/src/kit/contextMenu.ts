import { useLayoutEffect, useRef, type RefObject } from "react";
import type { MenuItem } from "./menuItem";

/**
 * What a row of a table (or a card of a grid) offers when it is
 * right-clicked, or when the menu key is pressed on it: the app's context
 * menu (in the shell) needs to know no area. A `Menu` inside a row declares
 * its items for the row by itself, so a right-click opens the same actions
 * as the row's "⋯" button; a row without one declares them with `useRowMenu`.
 */

/** What counts as a row: a table's, a grid's, or anything marked `data-menu-row` (a card). */
export const ROW = 'tr, [role="row"], [data-menu-row]';

/** Marks the elements that declared a row's items, to be found from the row. */
const DECLARED = "data-row-menu";

const declared = new WeakMap<Element, () => readonly MenuItem[]>();

/**
 * Declares `items()` as the menu of the row around `element`, read when the
 * menu opens (so they act on the row's current state); returns the undoing.
 */
export function declareRowMenu(element: Element, items: () => readonly MenuItem[]): () => void {
  declared.set(element, items);
  element.setAttribute(DECLARED, "");
  return () => {
    declared.delete(element);
    element.removeAttribute(DECLARED);
  };
}

/** Offers `items` in the context menu of the row `ref` is in (or is), while the calling component is shown. */
export function useRowMenu(ref: RefObject<Element | null>, items: readonly MenuItem[]) {
  const latest = useRef(items);
  useLayoutEffect(() => {
    latest.current = items;
  });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    return declareRowMenu(element, () => latest.current);
  }, [ref]);
}

/** The items of the row `target` is in: the first declared in the row itself, not in a row nested in it. */
export function rowMenuAt(target: Element): MenuItem[] {
  const row = target.closest(ROW);
  if (!row) return [];
  const candidates = [row, ...row.querySelectorAll(`[${DECLARED}]`)];
  const own = candidates.find((element) => declared.has(element) && element.closest(ROW) === row);
  return own ? [...(declared.get(own)?.() ?? [])] : [];
}

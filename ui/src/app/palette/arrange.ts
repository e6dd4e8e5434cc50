import { rank } from "./match";

/** One thing the palette offers: a screen, an action, a list, a campaign, a template, an account. */
export interface PaletteEntry {
  /** Unique among everything offered: `screen:lists`, `lists:12`. */
  key: string;
  /** The id of the group it is shown under. */
  group: string;
  /** What the user reads, in the language shown. */
  label: string;
  /** What typing finds it by: its words in the language shown, then in the other (a name has one). */
  texts: readonly string[];
  /** Read beside the label: a campaign's state, an account's address. */
  detail?: string;
  testId: string;
  run: () => void;
}

export interface PaletteGroup {
  id: string;
  heading: string;
  /** Shown before anything is typed (screens, actions, accounts); the rest are many, and wait for a name. */
  browsed: boolean;
}

export interface PaletteSection {
  group: PaletteGroup;
  entries: PaletteEntry[];
}

/** What one group shows of what typing found: the best, enough to choose from without scrolling far. */
export const SHOWN_PER_GROUP = 8;

/**
 * The palette's sections for `typed`. Nothing typed: the groups that are
 * browsed, in their order, with all their entries. Something typed: each
 * group's best matches, and the group with the best match first, so that
 * Enter straight away opens the best one.
 */
export function arrange(typed: string, entries: readonly PaletteEntry[], groups: readonly PaletteGroup[]): PaletteSection[] {
  if (typed.trim() === "") {
    return groups
      .filter((group) => group.browsed)
      .map((group) => ({ group, entries: entries.filter((entry) => entry.group === group.id) }))
      .filter((section) => section.entries.length > 0);
  }
  const found = rank(typed, entries, (entry) => entry.texts);
  const sections = groups
    .map((group, order) => {
      const mine = found.filter(({ entry }) => entry.group === group.id);
      return { group, order, best: mine[0]?.score ?? 0, entries: mine.slice(0, SHOWN_PER_GROUP).map(({ entry }) => entry) };
    })
    .filter((section) => section.entries.length > 0);
  sections.sort((a, b) => b.best - a.best || a.order - b.order);
  return sections.map(({ group, entries }) => ({ group, entries }));
}

import { useLayoutEffect, useRef } from "react";
import type { MessageKey, MessageValues } from "../i18n/I18n";

/** Something the screen in view can do, offered by the command palette (Ctrl+K) among its actions. */
export interface PaletteAction {
  /** Unique on the screen; the option's test hook is `palette-action-<id>`. */
  id: string;
  /**
   * What it does, as a message key rather than a sentence: the palette
   * finds it by its words in either language, whichever one is shown.
   */
  label: MessageKey;
  values?: MessageValues;
  /** Words that are the same in every language (a file format), shown beside the label and found too. */
  detail?: string;
  run: () => void;
}

/** Each mounted screen's latest actions, in the order they were declared. */
const declared = new Map<symbol, { actions: () => readonly PaletteAction[]; later: boolean }>();

export interface PaletteOptions {
  /**
   * Offered after the screen's own actions, whenever it was declared: a
   * part of the screen that many screens hold (an export menu) declares
   * its actions before or after the screen does, as it happens to mount.
   */
  later?: boolean;
}

/**
 * Offers `actions` in the command palette while the calling component is
 * shown: a screen declares what it can do, and the palette (in the shell)
 * needs to know no area. Entries that are `false`, `null` or `undefined`
 * are left out, so an action can be offered only when it can be done
 * (`editable && {...}`). The palette reads the latest render's actions
 * when it opens, so `run` sees the screen's current state.
 */
export function usePaletteActions(actions: readonly (PaletteAction | false | null | undefined)[], { later = false }: PaletteOptions = {}) {
  const latest = useRef(actions);
  useLayoutEffect(() => {
    latest.current = actions;
  });
  // Declared as the screen is shown, not a frame later: the palette may be opened at once.
  useLayoutEffect(() => {
    const key = Symbol("palette actions");
    declared.set(key, { actions: () => latest.current.filter((action): action is PaletteAction => Boolean(action)), later });
    return () => void declared.delete(key);
  }, [later]);
}

/** The actions the screens in view offer now: what the palette lists under Actions. */
export function paletteActions(): PaletteAction[] {
  const all = [...declared.values()];
  return [...all.filter((d) => !d.later), ...all.filter((d) => d.later)].flatMap((d) => d.actions());
}

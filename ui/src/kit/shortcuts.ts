import { useEffect, useLayoutEffect, useRef } from "react";

/** What a key press can be bound to: the parts of a keyboard event a shortcut reads. */
export type KeyPress = Pick<KeyboardEvent, "key" | "code" | "shiftKey">;

/** The US-layout character of the physical keys that shortcuts use beyond letters and digits. */
const PUNCTUATION: Record<string, [string, string]> = { Slash: ["/", "?"] };

/**
 * The names a key press answers to, best first: the character it typed when
 * that is a Latin one (so AZERTY and Dvorak keep their letters), then the
 * physical key as marked on a US keyboard (so on the Russian layout the key
 * marked J is still `j`, though it types «о»). Named keys (Enter, Escape)
 * keep their names.
 */
export function shortcutNames(press: KeyPress): string[] {
  const names: string[] = [];
  const typed = press.key.length === 1 && press.key >= " " && press.key <= "~";
  if (typed || press.key.length > 1) names.push(press.key);
  const letter = /^Key([A-Z])$/.exec(press.code)?.[1];
  const digit = /^Digit([0-9])$/.exec(press.code)?.[1];
  const mark = PUNCTUATION[press.code];
  const physical = letter ? (press.shiftKey ? letter : letter.toLowerCase()) : (digit ?? mark?.[press.shiftKey ? 1 : 0]);
  if (physical && !names.includes(physical)) names.push(physical);
  return names;
}

/** The action a key press is bound to in `bindings` (keyed by the names above), if any. */
export function boundAction<T>(press: KeyPress, bindings: Record<string, T>): T | undefined {
  const name = shortcutNames(press).find((n) => Object.prototype.hasOwnProperty.call(bindings, n));
  return name === undefined ? undefined : bindings[name];
}

/** Whether a key press lands where the user types: a text field, a list box, an editable area. */
export function typingIn(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.closest("[contenteditable=true]") !== null || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
  );
}

/** What a key does; answering `false` leaves the press to the page (nothing was done with it). */
export type KeyAction = (press: KeyboardEvent) => void | false;

export interface KeyOptions {
  /** While false, only `always` keys act: a dialog over the page has the keyboard. */
  enabled?: boolean;
  /** Keys that act even while the user types or a dialog is over the page (Escape, to leave the field). */
  always?: readonly string[];
}

/**
 * The page's single-key shortcuts, for as long as the component is shown:
 * `bindings` is keyed by the names `shortcutNames` gives a press (so on the
 * Russian layout the key marked J is still `j`). A key acts only without
 * Ctrl, Cmd or Alt (those are the system's and the fields' own), and not
 * while the user types in a field, unless it is one of `always`. A key that
 * acts is kept from the page, unless its action answers `false`. Actions
 * read the latest render's state: j, then Enter on what j highlighted.
 */
export function useKeys(bindings: Record<string, KeyAction>, options: KeyOptions = {}) {
  const latest = useRef({ bindings, options });
  // Before the browser paints, so a key pressed right after a render finds that render's actions.
  useLayoutEffect(() => {
    latest.current = { bindings, options };
  });
  useEffect(() => {
    const onKey = (press: KeyboardEvent) => {
      if (press.ctrlKey || press.metaKey || press.altKey) return;
      const { bindings, options } = latest.current;
      const name = shortcutNames(press).find((n) => Object.prototype.hasOwnProperty.call(bindings, n));
      if (name === undefined) return;
      const always = options.always?.includes(name) ?? false;
      if (!always && (options.enabled === false || typingIn(press.target))) return;
      if (bindings[name](press) !== false) press.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}

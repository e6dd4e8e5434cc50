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

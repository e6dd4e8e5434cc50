/**
 * The system clipboard, as far as the page may reach it. The window's
 * capabilities are empty (the page calls none of the clipboard plugin), so
 * writing goes through the webview's editing commands, which it allows
 * during a click or a key press, and reading through the asynchronous
 * clipboard. The window gives the page clipboard access (src-tauri's
 * `main_window`); a webview that refused it all the same would leave the
 * user the keyboard, which always works, and the menu says so.
 */

/** Puts `text` on the clipboard; throws when the webview refuses. */
export async function writeClipboard(text: string): Promise<void> {
  if (copyThroughField(text)) return;
  if (!navigator.clipboard?.writeText) throw new Error("the clipboard cannot be written");
  await navigator.clipboard.writeText(text);
}

/** The clipboard's text; throws when the webview does not let the page read it. */
export async function readClipboard(): Promise<string> {
  if (!navigator.clipboard?.readText) throw new Error("the clipboard cannot be read");
  return navigator.clipboard.readText();
}

/**
 * Copies by selecting the text in a field of its own, out of sight, and
 * giving the editing command: synchronous, so still within the user's
 * press, which the webview requires. The focus goes back where it was.
 */
function copyThroughField(text: string): boolean {
  if (typeof document.execCommand !== "function") return false;
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const field = document.createElement("textarea");
  field.value = text;
  field.setAttribute("readonly", "");
  field.style.cssText = "position:fixed;top:0;left:0;width:1px;height:1px;opacity:0;pointer-events:none";
  document.body.appendChild(field);
  field.select();
  let copied: boolean;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  field.remove();
  before?.focus({ preventScroll: true });
  return copied;
}

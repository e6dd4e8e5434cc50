import { readClipboard, writeClipboard } from "../../kit/clipboard";
import { codeEditsAt, type CodeEdits } from "../../kit/codeEdits";

export type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * Where the editing items act: a plain field, with the selection it had
 * when the menu opened (the menu takes the focus, the field keeps no
 * selection shown), or a code editor, which keeps its own.
 */
export type EditTarget = { kind: "field"; field: TextField; start: number; end: number } | { kind: "code"; view: CodeEdits };

/** The text field or code editor `element` is in, if any. */
export function editTargetAt(element: Element): EditTarget | null {
  const view = codeEditsAt(element);
  if (view) return { kind: "code", view };
  const field = element.closest("input, textarea");
  // Inputs without a text selection (boxes, dates, numbers) have no cut and paste.
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || field.selectionStart === null) return null;
  return { kind: "field", field, start: field.selectionStart, end: field.selectionEnd ?? field.selectionStart };
}

/** What can be done to the target now. */
export interface EditState {
  editable: boolean;
  selected: boolean;
  /** A password is neither copied nor cut, as everywhere. */
  secret: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

export function editState(target: EditTarget): EditState {
  if (target.kind === "code") {
    const { view } = target;
    return { editable: !view.readOnly(), selected: view.selectedText() !== "", secret: false, canUndo: view.canUndo(), canRedo: view.canRedo() };
  }
  const { field, start, end } = target;
  return { editable: !field.readOnly && !field.disabled, selected: start !== end, secret: field.type === "password", canUndo: false, canRedo: false };
}

function selectedText(target: EditTarget): string {
  if (target.kind === "code") return target.view.selectedText();
  return target.field.value.slice(target.start, target.end);
}

/** An editing command of the webview, where it has them (not in tests); false when refused. */
function command(name: string, value?: string): boolean {
  if (typeof document.execCommand !== "function") return false;
  try {
    return document.execCommand(name, false, value);
  } catch {
    return false;
  }
}

/** The field back in focus with its selection, as before the menu. */
function reselect(target: Extract<EditTarget, { kind: "field" }>) {
  target.field.focus({ preventScroll: true });
  target.field.setSelectionRange(target.start, target.end);
}

/**
 * Replaces the field's selection as typing would: through the webview's
 * editing (the field's own undo has it), else by hand, telling the page.
 */
function replaceInField(target: Extract<EditTarget, { kind: "field" }>, text: string) {
  reselect(target);
  if (command(text ? "insertText" : "delete", text || undefined)) return;
  target.field.setRangeText(text, target.start, target.end, "end");
  target.field.dispatchEvent(new Event("input", { bubbles: true }));
}

export async function copy(target: EditTarget): Promise<void> {
  if (target.kind === "field") {
    reselect(target);
    if (command("copy")) return;
  }
  await writeClipboard(selectedText(target));
  if (target.kind === "code") target.view.focus();
}

export async function cut(target: EditTarget): Promise<void> {
  if (target.kind === "field") {
    reselect(target);
    if (command("cut")) return;
    await writeClipboard(selectedText(target));
    replaceInField(target, "");
    return;
  }
  await writeClipboard(selectedText(target));
  target.view.replaceSelection("", "delete.cut");
  target.view.focus();
}

export async function paste(target: EditTarget): Promise<void> {
  // The webview's own paste, where the window lets the page give it (with clipboard access
  // turned on); the code editor takes it as it takes Ctrl+V.
  if (target.kind === "field") reselect(target);
  else target.view.focus();
  if (command("paste")) return;
  const text = await readClipboard();
  if (target.kind === "field") return replaceInField(target, text);
  target.view.replaceSelection(text, "input.paste");
  target.view.focus();
}

export function selectEverything(target: EditTarget) {
  if (target.kind === "field") {
    target.field.focus({ preventScroll: true });
    target.field.select();
    return;
  }
  target.view.selectAll();
  target.view.focus();
}

export function undoEdit(target: EditTarget, again: boolean) {
  if (target.kind !== "code") return;
  if (again) target.view.redo();
  else target.view.undo();
  target.view.focus();
}

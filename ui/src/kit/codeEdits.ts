/**
 * What editing a code editor offers from outside it (the context menu's cut,
 * copy, paste, select all, undo and redo), registered by each editor for its
 * element: the menu reaches an editor through this, and the page's first
 * screen carries none of the editor's code.
 */
export interface CodeEdits {
  readOnly(): boolean;
  selectedText(): string;
  /** Replaces the selection, as the user's edit of the kind `userEvent` ("input.paste", "delete.cut"). */
  replaceSelection(text: string, userEvent: string): void;
  selectAll(): void;
  canUndo(): boolean;
  canRedo(): boolean;
  undo(): void;
  redo(): void;
  focus(): void;
}

/** The class a code editor's outermost element carries. */
const EDITOR = ".cm-editor";

const editors = new WeakMap<Element, CodeEdits>();

/** Registers the editing of the editor whose outermost element is `element`; answers its removal. */
export function registerCodeEdits(element: Element, edits: CodeEdits): () => void {
  editors.set(element, edits);
  return () => editors.delete(element);
}

/** The code editor `element` is in, if any. */
export function codeEditsAt(element: Element): CodeEdits | null {
  const editor = element.closest(EDITOR);
  return (editor && editors.get(editor)) ?? null;
}

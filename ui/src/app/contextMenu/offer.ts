import type { MessageKey, MessageValues } from "../../i18n/I18n";
import { writeClipboard } from "../../kit/clipboard";
import { rowMenuAt } from "../../kit/contextMenu";
import type { MenuItem } from "../../kit/menuItem";
import { openThroughGuard } from "../LinkGuard";
import { copy, cut, editState, editTargetAt, paste, selectEverything, undoEdit, type EditTarget } from "./edits";

/** An item of the context menu: a menu's item, which may be shown greyed out. */
export interface ContextItem extends MenuItem {
  onSelect: () => void | Promise<void>;
  disabled?: boolean;
  /** Said when what `onSelect` started fails (the webview refused the clipboard). */
  refused?: string;
}

/** The menu: groups of items, a line between groups. Empty: no menu at all. */
export type ContextGroups = ContextItem[][];

type Translate = (key: MessageKey, values?: MessageValues) => string;

const onMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
/** A clipboard key as it is called where it is pressed. */
export const keyName = (letter: string) => (onMac ? `⌘${letter}` : `Ctrl+${letter}`);

/** What the menu offers on `target`: editing in a field, else copying what is selected, a link's and a row's actions. */
export function offerFor(target: Element, t: Translate): ContextGroups {
  const edit = editTargetAt(target);
  if (edit) return editingItems(edit, t);
  const groups: ContextGroups = [];
  const selected = window.getSelection()?.toString() ?? "";
  if (selected.trim()) {
    groups.push([{ label: t("contextMenu.copy"), hint: keyName("C"), onSelect: () => writeClipboard(selected), refused: copyRefused(t), testId: "context-copy" }]);
  }
  const link = target.closest("a[href]");
  if (link instanceof HTMLAnchorElement) {
    groups.push([
      { label: t("contextMenu.openLink"), onSelect: () => openThroughGuard(link.href), testId: "context-open-link" },
      { label: t("contextMenu.copyLink"), onSelect: () => writeClipboard(link.href), refused: copyRefused(t), testId: "context-copy-link" },
    ]);
  }
  const row = rowMenuAt(target);
  if (row.length > 0) groups.push(row);
  return groups;
}

const copyRefused = (t: Translate) => t("contextMenu.copyRefused", { key: keyName("C") });

function editingItems(target: EditTarget, t: Translate): ContextGroups {
  const can = editState(target);
  const clipboard: ContextItem[] = [
    { label: t("contextMenu.cut"), hint: keyName("X"), disabled: !can.editable || !can.selected || can.secret, onSelect: () => cut(target), refused: copyRefused(t), testId: "context-cut" },
    { label: t("contextMenu.copy"), hint: keyName("C"), disabled: !can.selected || can.secret, onSelect: () => copy(target), refused: copyRefused(t), testId: "context-copy" },
    { label: t("contextMenu.paste"), hint: keyName("V"), disabled: !can.editable, onSelect: () => paste(target), refused: t("contextMenu.pasteRefused", { key: keyName("V") }), testId: "context-paste" },
  ];
  const all: ContextItem[] = [{ label: t("contextMenu.selectAll"), hint: keyName("A"), onSelect: () => selectEverything(target), testId: "context-select-all" }];
  if (target.kind !== "code") return [clipboard, all];
  const history: ContextItem[] = [
    { label: t("contextMenu.undo"), hint: keyName("Z"), disabled: !can.editable || !can.canUndo, onSelect: () => undoEdit(target, false), testId: "context-undo" },
    { label: t("contextMenu.redo"), hint: onMac ? "⇧⌘Z" : "Ctrl+Y", disabled: !can.editable || !can.canRedo, onSelect: () => undoEdit(target, true), testId: "context-redo" },
  ];
  return [history, clipboard, all];
}

import { baseKeymap, toggleMark } from "prosemirror-commands";
import { history, redo, undo } from "prosemirror-history";
import { keymap } from "prosemirror-keymap";
import { EditorState, type Command } from "prosemirror-state";
import { EditorView } from "prosemirror-view";
import "prosemirror-view/style/prosemirror.css";
import { useEffect, useRef, useState } from "react";
import type { Inline } from "../../ipc/bindings/Inline";
import { useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { fromDoc, schema, toDoc } from "./richDoc";
import own from "./BlockEditor.module.css";

/** A tag the lists define, offered as a chip. */
export interface TagChoice {
  /** Without its percent signs: `NAME`. */
  name: string;
  title: string;
}

const lineBreak: Command = (state, dispatch) => {
  dispatch?.(state.tr.replaceSelectionWith(schema.nodes.hard_break.create()).scrollIntoView());
  return true;
};

/**
 * A block's text in ProseMirror: bold (Ctrl+B), italic (Ctrl+I), a link on the chosen words, a line break (Shift+Enter),
 * and the lists' tags as chips that cannot be half deleted. `singleLine`: Enter makes no new paragraph (a heading).
 */
export function RichText({ value, onChange, tags, label, singleLine, testId }: {
  value: Inline[][];
  onChange: (paragraphs: Inline[][]) => void;
  tags: TagChoice[];
  label: string;
  singleLine?: boolean;
  testId: string;
}) {
  const t = useT();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const [linking, setLinking] = useState<string | null>(null);

  useEffect(() => {
    const keys = keymap({
      "Mod-b": toggleMark(schema.marks.strong),
      "Mod-i": toggleMark(schema.marks.em),
      "Mod-z": undo,
      "Mod-y": redo,
      "Shift-Mod-z": redo,
      "Shift-Enter": lineBreak,
      ...(singleLine ? { Enter: lineBreak } : {}),
    });
    const state = EditorState.create({ doc: toDoc(value), plugins: [history(), keys, keymap(baseKeymap)] });
    const editor = new EditorView(host.current!, {
      state,
      attributes: { role: "textbox", "aria-multiline": String(!singleLine), "aria-label": label, "data-testid": testId, class: own.richText },
      dispatchTransaction(tr) {
        const next = editor.state.apply(tr);
        editor.updateState(next);
        if (tr.docChanged) changed.current(fromDoc(next.doc));
      },
    });
    view.current = editor;
    return () => editor.destroy();
    // The text is the editor's from here; the block's inspector is made anew for another block.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const run = (command: Command) => {
    const editor = view.current;
    if (!editor) return;
    command(editor.state, editor.dispatch);
    editor.focus();
  };
  const insertTag = (name: string) => run((state, dispatch) => (dispatch?.(state.tr.replaceSelectionWith(schema.nodes.tag.create({ name }))), true));
  const applyLink = (href: string) => {
    const mark = schema.marks.link;
    run((state, dispatch) => {
      const { from, to } = state.selection;
      const tr = state.tr.removeMark(from, to, mark);
      dispatch?.(href.trim() ? tr.addMark(from, to, mark.create({ href: href.trim() })) : tr);
      return true;
    });
    setLinking(null);
  };

  return (
    <div className={own.rich}>
      <div className={own.toolbar} role="toolbar" aria-label={label}>
        <Button variant="secondary" onClick={() => run(toggleMark(schema.marks.strong))} aria-label={t("blocks.text.bold")} data-testid={`${testId}-bold`}>
          <strong>{t("blocks.text.boldShort")}</strong>
        </Button>
        <Button variant="secondary" onClick={() => run(toggleMark(schema.marks.em))} aria-label={t("blocks.text.italic")} data-testid={`${testId}-italic`}>
          <em>{t("blocks.text.italicShort")}</em>
        </Button>
        <Button variant="secondary" onClick={() => setLinking("https://")} data-testid={`${testId}-link`}>
          {t("blocks.text.link")}
        </Button>
        <select
          className={own.tagPick}
          value=""
          aria-label={t("blocks.text.tag")}
          onChange={(e) => e.target.value && insertTag(e.target.value)}
          data-testid={`${testId}-tag`}
        >
          <option value="">{t("blocks.text.tag")}</option>
          {tags.map((tag) => (
            <option key={tag.name} value={tag.name}>
              {`%${tag.name}% — ${tag.title}`}
            </option>
          ))}
        </select>
      </div>
      {linking !== null && (
        <form
          className={own.linkForm}
          onSubmit={(e) => {
            e.preventDefault();
            applyLink(linking);
          }}
        >
          <input value={linking} onChange={(e) => setLinking(e.target.value)} aria-label={t("blocks.text.linkAddress")} autoFocus data-testid={`${testId}-link-address`} />
          <Button variant="secondary" type="submit">
            {t("blocks.text.linkApply")}
          </Button>
        </form>
      )}
      <div ref={host} />
    </div>
  );
}

import { autocompletion, type CompletionContext, type CompletionResult } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, redo, redoDepth, selectAll, undo, undoDepth } from "@codemirror/commands";
import { html } from "@codemirror/lang-html";
import { syntaxHighlighting, defaultHighlightStyle } from "@codemirror/language";
import { Annotation, Compartment, EditorState } from "@codemirror/state";
import { EditorView, keymap, lineNumbers, placeholder as placeholderText } from "@codemirror/view";
import { useEffect, useRef } from "react";
import { registerCodeEdits } from "./codeEdits";
import styles from "./CodeEditor.module.css";

/** A personalisation tag the completion offers: `%NAME%` and what it holds. */
export interface TagCompletion {
  tag: string;
  detail: string;
}

/** Offers the tags once a `%` is typed, narrowing as the rest is: `%na` → `%NAME%`, matched anywhere in the tag or its detail. */
export function tagCompletions(tags: TagCompletion[]) {
  return (context: CompletionContext): CompletionResult | null => {
    const word = context.matchBefore(/%[\p{L}\p{N}_]*/u);
    if (!word) return null;
    const typed = word.text.slice(1).toLocaleLowerCase();
    const options = tags
      .filter((t) => t.tag.toLocaleLowerCase().includes(typed) || t.detail.toLocaleLowerCase().includes(typed))
      .map((t) => ({ label: t.tag, detail: t.detail, type: "variable" }));
    return { from: word.from, options, filter: false };
  };
}

/** Marks a change that came in through the `value` prop, which is not reported back. */
const fromOutside = Annotation.define<boolean>();

interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** HTML gets its highlighting; plain text none. */
  language: "html" | "text";
  label: string;
  tags?: TagCompletion[];
  readOnly?: boolean;
  placeholder?: string;
  testId: string;
}

/**
 * CodeMirror 6 as a form field: HTML highlighting, undo history, line
 * numbers and the lists' personalisation tags completed after `%`. Tags are
 * not closed automatically: what is typed is what is written.
 */
export function CodeEditor({ value, onChange, language, label, tags = [], readOnly = false, placeholder, testId }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  // Texts reported that the page has not given back yet: a `value` among
  // them is the page catching up with the typing, not a change from
  // outside, even when the typing has gone further since.
  const reported = useRef<string[]>([]);
  const completion = useRef(new Compartment());
  const editable = useRef(new Compartment());

  useEffect(() => {
    if (!host.current) return;
    const made = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.lineWrapping,
          language === "html" ? [html({ autoCloseTags: false }), syntaxHighlighting(defaultHighlightStyle)] : [],
          completion.current.of(autocompletion({ override: [tagCompletions(tags)] })),
          editable.current.of(EditorState.readOnly.of(readOnly)),
          placeholder ? placeholderText(placeholder) : [],
          EditorView.contentAttributes.of({ "aria-label": label }),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged || update.transactions.some((tr) => tr.annotation(fromOutside))) return;
            const text = update.state.doc.toString();
            reported.current = [...reported.current.slice(-99), text];
            changed.current(text);
          }),
        ],
      }),
    });
    view.current = made;
    const unregister = registerCodeEdits(made.dom, {
      readOnly: () => made.state.readOnly,
      selectedText: () => made.state.selection.ranges.map((r) => made.state.sliceDoc(r.from, r.to)).join(made.state.lineBreak),
      replaceSelection: (text, userEvent) => made.dispatch(made.state.replaceSelection(text), { userEvent, scrollIntoView: true }),
      selectAll: () => selectAll(made),
      canUndo: () => undoDepth(made.state) > 0,
      canRedo: () => redoDepth(made.state) > 0,
      undo: () => undo(made),
      redo: () => redo(made),
      focus: () => made.focus(),
    });
    return () => {
      unregister();
      made.destroy();
    };
    // The view is made once; later props reach it below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A value set from outside (a restored draft) replaces the text.
  useEffect(() => {
    const current = view.current;
    if (!current) return;
    const caughtUp = reported.current.lastIndexOf(value);
    if (caughtUp >= 0) {
      reported.current = reported.current.slice(caughtUp + 1);
      return;
    }
    reported.current = [];
    if (current.state.doc.toString() !== value) {
      current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: value }, annotations: fromOutside.of(true) });
    }
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: completion.current.reconfigure(autocompletion({ override: [tagCompletions(tags)] })) });
  }, [tags]);

  useEffect(() => {
    view.current?.dispatch({ effects: editable.current.reconfigure(EditorState.readOnly.of(readOnly)) });
  }, [readOnly]);

  return <div ref={host} className={styles.editor} data-testid={testId} />;
}

import { CompletionContext } from "@codemirror/autocomplete";
import { EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { render, screen } from "@testing-library/preact";
import { describe, expect, it, vi } from "vitest";
import { CodeEditor, tagCompletions } from "./CodeEditor";

const TAGS = [
  { tag: "%NAME%", detail: "Имя" },
  { tag: "%CITY%", detail: "Город" },
];

function complete(text: string) {
  const state = EditorState.create({ doc: text });
  return tagCompletions(TAGS)(new CompletionContext(state, text.length, false));
}

describe("the code editor", () => {
  it("offers the lists' tags after a % by the tag or by what it holds", () => {
    expect(complete("<p>Hello %na")?.options.map((o) => o.label)).toEqual(["%NAME%"]);
    expect(complete("<p>%горо")?.options.map((o) => o.label)).toEqual(["%CITY%"]);
    expect(complete("<p>%")?.options, "every tag once a % is typed").toHaveLength(2);
    expect(complete("<p>Hello")).toBeNull();
  });

  it("shows its value and takes one set from outside", async () => {
    const changed = vi.fn();
    const { rerender } = render(<CodeEditor value="<p>one</p>" onChange={changed} language="html" label="HTML" testId="code" />);
    expect(screen.getByTestId("code").textContent).toContain("<p>one</p>");
    rerender(<CodeEditor value="<p>two</p>" onChange={changed} language="html" label="HTML" testId="code" />);
    expect(screen.getByTestId("code").textContent).toContain("<p>two</p>");
    expect(changed, "what came from outside is not reported back").not.toHaveBeenCalled();
  });

  it("reports what is typed once, and a page catching up late does not undo later typing", () => {
    const changed = vi.fn();
    const { rerender, container } = render(<CodeEditor value="" onChange={changed} language="html" label="HTML" testId="typed" />);
    const content = container.querySelector(".cm-content") as HTMLElement;
    const view = EditorView.findFromDOM(content)!;
    view.dispatch({ changes: { from: 0, insert: "<" } });
    view.dispatch({ changes: { from: 1, insert: "h" } });
    expect(changed.mock.calls).toEqual([["<"], ["<h"]]);
    // The page renders with the first report after the second was typed.
    rerender(<CodeEditor value="<" onChange={changed} language="html" label="HTML" testId="typed" />);
    expect(view.state.doc.toString()).toBe("<h");
    rerender(<CodeEditor value="<h" onChange={changed} language="html" label="HTML" testId="typed" />);
    expect(view.state.doc.toString()).toBe("<h");
    expect(changed).toHaveBeenCalledTimes(2);
  });
});

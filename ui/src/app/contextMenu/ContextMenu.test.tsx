import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/preact";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The webview's clipboard, as the page reaches it.
const clipboard = vi.hoisted(() => ({ text: "", readable: true }));
vi.mock("../../kit/clipboard", () => ({
  writeClipboard: vi.fn(async (text: string) => void (clipboard.text = text)),
  readClipboard: vi.fn(async () => {
    if (!clipboard.readable) throw new Error("refused");
    return clipboard.text;
  }),
}));

import { EditorView } from "@codemirror/view";
import { CodeEditor } from "../../kit/CodeEditor";
import { Menu } from "../../kit/Menu";
import { renderWithApp } from "../../test/render";
import { ContextMenu } from "./ContextMenu";

afterEach(cleanup);
beforeEach(() => {
  clipboard.text = "";
  clipboard.readable = true;
});

const renamed = vi.fn();
const opened = vi.fn();

/** A field the page keeps in its state, a row with its "⋯" menu, a link and some text. */
function Screen() {
  const [name, setName] = useState("Spring news");
  return (
    <>
      <input aria-label="Name" value={name} onInput={(e) => setName(e.currentTarget.value)} data-testid="name" />
      <output data-testid="kept">{name}</output>
      <table>
        <tbody>
          <tr data-testid="row">
            <td data-testid="cell">Newsletter</td>
            <td>
              <Menu
                label="Actions for Newsletter"
                testId="row-menu"
                rowOnly={[{ label: "Open", onSelect: opened, testId: "context-open" }]}
                items={[{ label: "Rename…", onSelect: renamed, testId: "rename" }]}
              />
            </td>
          </tr>
        </tbody>
      </table>
      <a href="https://shop.example/sale" data-testid="link">
        The sale
      </a>
      <p data-testid="plain">Nothing to do here.</p>
    </>
  );
}

function show() {
  renamed.mockReset();
  opened.mockReset();
  renderWithApp(
    <>
      <Screen />
      <ContextMenu />
    </>,
  );
}

const box = { clientX: 40, clientY: 60, button: 2 };

/** A right click, as the webview reports it (the press, then the menu event); whether the webview's own menu was kept away. */
function rightClick(element: Element): boolean {
  fireEvent.mouseDown(element, box);
  return !fireEvent.contextMenu(element, box);
}

const items = () => screen.getAllByRole("menuitem").map((item) => item.textContent?.replace(/Ctrl\+\w$/, ""));

describe("ContextMenu", () => {
  it("keeps the webview's menu away everywhere, and shows nothing where there is nothing to do", async () => {
    show();
    expect(rightClick(screen.getByTestId("plain"))).toBe(true);
    expect(rightClick(document.body)).toBe(true);
    await act(async () => {});
    expect(screen.queryByTestId("context-menu")).toBeNull();
    expect(rightClick(screen.getByTestId("name"))).toBe(true);
    expect(await screen.findByTestId("context-menu")).toBeTruthy();
  });

  it("cuts, copies and pastes the field's selection, as the page sees typing", async () => {
    show();
    const field = screen.getByTestId<HTMLInputElement>("name");
    field.focus();
    field.setSelectionRange(0, 7);
    rightClick(field);
    expect(items()).toEqual(["Cut", "Copy", "Paste", "Select all"]);
    fireEvent.click(screen.getByTestId("context-cut"));
    await waitFor(() => expect(field.value).toBe("news"));
    expect(clipboard.text).toBe("Spring ");
    expect(screen.getByTestId("kept").textContent).toBe("news");
    expect(screen.queryByTestId("context-menu")).toBeNull();

    field.setSelectionRange(4, 4);
    rightClick(field);
    expect(screen.getByTestId("context-copy").hasAttribute("data-disabled")).toBe(true);
    fireEvent.click(screen.getByTestId("context-paste"));
    await waitFor(() => expect(field.value).toBe("newsSpring "));
    expect(screen.getByTestId("kept").textContent).toBe("newsSpring ");

    rightClick(field);
    fireEvent.click(screen.getByTestId("context-select-all"));
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 11]);
    rightClick(field);
    fireEvent.click(screen.getByTestId("context-copy"));
    await waitFor(() => expect(clipboard.text).toBe("newsSpring "));
    expect(document.activeElement).toBe(field);
  });

  it("says how to paste when the webview does not let the page read the clipboard", async () => {
    show();
    clipboard.readable = false;
    rightClick(screen.getByTestId("name"));
    fireEvent.click(screen.getByTestId("context-paste"));
    expect((await screen.findByTestId("toast")).textContent).toContain("Ctrl+V");
    expect(screen.getByTestId<HTMLInputElement>("name").value).toBe("Spring news");
  });

  it("speaks Russian in a Russian window", async () => {
    renderWithApp(
      <>
        <input aria-label="Имя" defaultValue="Весенние новости" data-testid="name" />
        <ContextMenu />
      </>,
      "ru",
    );
    rightClick(screen.getByTestId("name"));
    expect(items()).toEqual(["Вырезать", "Копировать", "Вставить", "Выделить всё"]);
    expect(screen.getByTestId("context-menu").getAttribute("aria-label")).toBe("Контекстное меню");
  });

  it("offers a row's own actions, the same as its ⋯ button, with Open first", async () => {
    show();
    rightClick(screen.getByTestId("cell"));
    expect(items()).toEqual(["Open", "Rename…"]);
    fireEvent.click(screen.getByTestId("rename"));
    expect(renamed).toHaveBeenCalledTimes(1);
    rightClick(screen.getByTestId("cell"));
    fireEvent.click(screen.getByTestId("context-open"));
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it("opens a link through the guard, or copies its address", async () => {
    show();
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    rightClick(screen.getByTestId("link"));
    expect(items()).toEqual(["Open link…", "Copy link address"]);
    fireEvent.click(screen.getByTestId("context-open-link"));
    expect(open).toHaveBeenCalledWith("https://shop.example/sale", "_blank", "noopener,noreferrer");
    rightClick(screen.getByTestId("link"));
    fireEvent.click(screen.getByTestId("context-copy-link"));
    await waitFor(() => expect(clipboard.text).toBe("https://shop.example/sale"));
    open.mockRestore();
  });

  it("copies text selected on the page", async () => {
    show();
    const text = screen.getByTestId("plain").firstChild!;
    window.getSelection()!.setBaseAndExtent(text, 0, text, 7);
    rightClick(screen.getByTestId("plain"));
    expect(items()).toEqual(["Copy"]);
    fireEvent.click(screen.getByTestId("context-copy"));
    await waitFor(() => expect(clipboard.text).toBe("Nothing"));
    window.getSelection()!.removeAllRanges();
  });

  it("opens from the keyboard on the focused element, moves by arrows, and Escape gives the focus back", async () => {
    show();
    const field = screen.getByTestId<HTMLInputElement>("name");
    field.focus();
    field.setSelectionRange(2, 5);
    fireEvent.keyDown(field, { key: "F10", shiftKey: true });
    const menu = await screen.findByTestId("context-menu");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("context-cut")));
    fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("context-copy")));
    fireEvent.keyDown(menu, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("context-menu")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect([field.selectionStart, field.selectionEnd]).toEqual([2, 5]);
    expect(field.value).toBe("Spring news");
  });

  it.each([
    ["follows the key with a menu event of its own, which is passed over", true],
    ["sends no menu event of its own (WebKitGTK 2.50)", false],
  ])("opens on a right click a moment after the menu key, where the webview %s", async (_, webviewFollows) => {
    show();
    const field = screen.getByTestId<HTMLInputElement>("name");
    field.focus();
    field.setSelectionRange(0, 6);
    fireEvent.keyDown(field, { key: "F10", shiftKey: true });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("context-cut")));
    if (webviewFollows) {
      // The webview's event for the same key (no press of a button): no second menu, the keyboard stays on the first item.
      expect(fireEvent.contextMenu(field, box)).toBe(false);
      expect(screen.getAllByTestId("context-menu")).toHaveLength(1);
      expect(document.activeElement).toBe(screen.getByTestId("context-cut"));
    }
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("context-menu")).toBeNull());
    // At once, as a quick hand does: the row's menu.
    expect(rightClick(screen.getByTestId("cell"))).toBe(true);
    await waitFor(() => expect(items()).toEqual(["Open", "Rename…"]));
  });

  it("opens with the menu key on a row, and Enter does the item", async () => {
    show();
    const menuButton = screen.getByTestId("row-menu");
    menuButton.focus();
    fireEvent.keyDown(menuButton, { key: "ContextMenu" });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("context-open")));
    fireEvent.keyDown(document.activeElement!, { key: "Enter" });
    expect(opened).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByTestId("context-menu")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(menuButton));
  });

  it("edits in the code editor through the editor, with its undo", async () => {
    // The editor measures text as it scrolls to the caret, which jsdom does not lay out.
    const box = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) } as DOMRect;
    Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect = () => box;
    const changed = vi.fn();
    renderWithApp(
      <>
        <CodeEditor value="<p>Hi</p>" onChange={changed} language="html" label="HTML" testId="code" />
        <ContextMenu />
      </>,
    );
    const content = document.querySelector(".cm-content")!;
    const view = EditorView.findFromDOM(content as HTMLElement)!;
    view.dispatch({ selection: { anchor: 3, head: 5 } });
    rightClick(content);
    expect(items()).toEqual(["Undo", "Redo", "Cut", "Copy", "Paste", "Select all"]);
    expect(screen.getByTestId("context-undo").hasAttribute("data-disabled")).toBe(true);
    fireEvent.click(screen.getByTestId("context-cut"));
    await waitFor(() => expect(view.state.doc.toString()).toBe("<p></p>"));
    expect(clipboard.text).toBe("Hi");
    expect(changed).toHaveBeenLastCalledWith("<p></p>");

    rightClick(content);
    fireEvent.click(screen.getByTestId("context-undo"));
    expect(view.state.doc.toString()).toBe("<p>Hi</p>");
    rightClick(content);
    fireEvent.click(screen.getByTestId("context-select-all"));
    rightClick(content);
    fireEvent.click(screen.getByTestId("context-paste"));
    await waitFor(() => expect(view.state.doc.toString()).toBe("Hi"));
  });
});

import { describe, expect, it } from "vitest";
import type { BlockLetter } from "../../ipc/bindings/BlockLetter";
import { blockAt, duplicateAt, insertAt, moveTo, newBlock, removeAt, stepped, withRatio } from "./blockModel";
import { fromDoc, toDoc } from "./richDoc";

const words = { heading: "H", text: "T", button: "B", imageAlt: "A" };
const letter = (): BlockLetter => ({
  look: { width: 600, pageColor: "#ffffff", contentColor: "#ffffff", textColor: "#000000", linkColor: "#0000ff", font: "sans", preheader: "" },
  blocks: [newBlock("heading", words), newBlock("columns", words), newBlock("spacer", words)],
  footer: { company: "C", address: "", note: "", unsubscribe: "U" },
});

describe("a block letter's blocks", () => {
  it("are added, moved, duplicated and removed at the top and inside a column", () => {
    let made = insertAt(letter(), { at: 1 }, newBlock("divider", words));
    expect(made.blocks.map((b) => b.kind)).toEqual(["heading", "divider", "columns", "spacer"]);
    made = moveTo(made, { at: 1 }, 0);
    expect(made.blocks.map((b) => b.kind)).toEqual(["divider", "heading", "columns", "spacer"]);
    expect(moveTo(made, { at: 0 }, -1)).toEqual(made);
    expect(moveTo(made, { at: 0 }, 4)).toEqual(made);
    expect(moveTo(made, { at: 0 }, 3).blocks.map((b) => b.kind)).toEqual(["heading", "columns", "spacer", "divider"]);
    expect(stepped(made, { at: 3 }, 1)).toBeNull();
    const inColumn = { at: 2, column: 1, inner: 0 };
    made = insertAt(made, { ...inColumn, inner: 1 }, newBlock("button", words));
    expect(blockAt(made, { ...inColumn, inner: 1 })?.kind).toBe("button");
    made = moveTo(made, { ...inColumn, inner: 1 }, 0);
    expect(blockAt(made, inColumn)?.kind).toBe("button");
    made = duplicateAt(removeAt(made, { at: 0 }), { at: 0 });
    expect(made.blocks.map((b) => b.kind)).toEqual(["heading", "heading", "columns", "spacer"]);
  });

  it("keep every block when a row gets fewer columns", () => {
    const row = newBlock("columns", words);
    if (row.kind !== "columns") throw new Error("columns");
    const three = withRatio(row, "thirds");
    expect(three.kind === "columns" && three.columns.length).toBe(3);
    const two = withRatio({ ...row, ratio: "thirds", columns: [[newBlock("text", words)], [], [newBlock("image", words)]] }, "halves");
    expect(two.kind === "columns" && two.columns.map((c) => c.map((b) => b.kind))).toEqual([["text"], ["image"]]);
  });

  it("keep their words, marks, links, breaks and tags through the text editor", () => {
    const paragraphs = [
      [{ kind: "text" as const, text: "Здравствуйте, ", bold: true, italic: false }, { kind: "tag" as const, name: "NAME" }, { kind: "break" as const }, { kind: "text" as const, text: "магазин", bold: false, italic: true, link: "https://shop.example" }],
      [],
    ];
    expect(fromDoc(toDoc(paragraphs))).toEqual(paragraphs);
  });
});

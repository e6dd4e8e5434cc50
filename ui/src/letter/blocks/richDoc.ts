import { Schema, type Node } from "prosemirror-model";
import type { Inline } from "../../ipc/bindings/Inline";

/** A block's text as ProseMirror holds it: paragraphs of words (bold, italic, linked), line breaks and tags as atoms. */
export const schema = new Schema({
  nodes: {
    doc: { content: "paragraph+" },
    paragraph: { content: "inline*", toDOM: () => ["p", 0], parseDOM: [{ tag: "p" }] },
    text: { group: "inline" },
    hard_break: { inline: true, group: "inline", selectable: false, toDOM: () => ["br"], parseDOM: [{ tag: "br" }] },
    tag: {
      inline: true,
      group: "inline",
      atom: true,
      attrs: { name: {} },
      toDOM: (node) => ["span", { "data-tag": node.attrs.name, class: "tag-chip", contenteditable: "false" }, `%${node.attrs.name}%`],
      parseDOM: [{ tag: "span[data-tag]", getAttrs: (dom) => ({ name: (dom as HTMLElement).dataset.tag }) }],
    },
  },
  marks: {
    strong: { toDOM: () => ["strong", 0], parseDOM: [{ tag: "strong" }, { tag: "b" }] },
    em: { toDOM: () => ["em", 0], parseDOM: [{ tag: "em" }, { tag: "i" }] },
    link: {
      attrs: { href: {} },
      inclusive: false,
      toDOM: (mark) => ["a", { href: mark.attrs.href, title: mark.attrs.href, rel: "noopener" }, 0],
      parseDOM: [{ tag: "a[href]", getAttrs: (dom) => ({ href: (dom as HTMLElement).getAttribute("href") }) }],
    },
  },
});

/** Paragraphs of the letter's text as a ProseMirror document. */
export function toDoc(paragraphs: Inline[][]): Node {
  const lines = paragraphs.length > 0 ? paragraphs : [[]];
  return schema.node(
    "doc",
    null,
    lines.map((line) =>
      schema.node(
        "paragraph",
        null,
        line.flatMap((inline): Node[] => {
          if (inline.kind === "break") return [schema.node("hard_break")];
          if (inline.kind === "tag") return [schema.node("tag", { name: inline.name })];
          if (!inline.text) return [];
          const marks = [
            ...(inline.bold ? [schema.marks.strong.create()] : []),
            ...(inline.italic ? [schema.marks.em.create()] : []),
            ...(inline.link ? [schema.marks.link.create({ href: inline.link })] : []),
          ];
          return [schema.text(inline.text, marks)];
        }),
      ),
    ),
  );
}

/** A ProseMirror document as the letter's paragraphs. */
export function fromDoc(doc: Node): Inline[][] {
  const paragraphs: Inline[][] = [];
  doc.forEach((paragraph) => {
    const line: Inline[] = [];
    paragraph.forEach((node) => {
      if (node.type.name === "hard_break") line.push({ kind: "break" });
      else if (node.type.name === "tag") line.push({ kind: "tag", name: String(node.attrs.name) });
      else if (node.isText) {
        const link = node.marks.find((m) => m.type.name === "link")?.attrs.href as string | undefined;
        line.push({
          kind: "text",
          text: node.text ?? "",
          bold: node.marks.some((m) => m.type.name === "strong"),
          italic: node.marks.some((m) => m.type.name === "em"),
          ...(link ? { link } : {}),
        });
      }
    });
    paragraphs.push(line);
  });
  return paragraphs;
}

import type { Block } from "../../ipc/bindings/Block";
import type { BlockLetter } from "../../ipc/bindings/BlockLetter";
import type { Ratio } from "../../ipc/bindings/Ratio";

/** Where a block is: its place from the top, and within a row of columns its column and place there. */
export interface Place {
  at: number;
  column?: number;
  inner?: number;
}

export type BlockKind = Block["kind"];

/** The kinds a marketer can add, in the order the menu offers them; columns only at the top. */
export const KINDS: BlockKind[] = ["heading", "text", "image", "button", "columns", "divider", "spacer", "html"];
export const INNER_KINDS: BlockKind[] = KINDS.filter((kind) => kind !== "columns");

export const RATIO_COLUMNS: Record<Ratio, number> = { halves: 2, thirdTwoThirds: 2, twoThirdsThird: 2, thirds: 3 };

/** The words a new block starts with, in the app's language. */
export interface NewWords {
  heading: string;
  text: string;
  button: string;
  imageAlt: string;
}

/** A new block of a kind, ready to render. */
export function newBlock(kind: BlockKind, words: NewWords): Block {
  switch (kind) {
    case "heading":
      return { kind, level: 2, text: [{ kind: "text", text: words.heading, bold: false, italic: false }], align: "left" };
    case "text":
      return { kind, paragraphs: [[{ kind: "text", text: words.text, bold: false, italic: false }]], align: "left", size: 16 };
    case "image":
      return { kind, src: "https://", alt: words.imageAlt, align: "center" };
    case "button":
      return { kind, label: words.button, link: "https://", color: "#4338ca", textColor: "#ffffff", align: "center" };
    case "columns":
      return { kind, ratio: "halves", columns: [[newBlock("text", words)], [newBlock("text", words)]] };
    case "divider":
      return { kind, color: "#e5e7eb", thickness: 1 };
    case "spacer":
      return { kind, height: 24 };
    case "html":
      return { kind, html: "" };
  }
}

/** The block at a place, if there is one. */
export function blockAt(letter: BlockLetter, place: Place): Block | undefined {
  const top = letter.blocks[place.at];
  if (place.column === undefined) return top;
  return top?.kind === "columns" ? top.columns[place.column]?.[place.inner ?? 0] : undefined;
}

/** The list of blocks a place is in, changed by `edit`, the letter otherwise as it was. */
function withSiblings(letter: BlockLetter, place: Place, edit: (blocks: Block[], index: number) => Block[]): BlockLetter {
  if (place.column === undefined) return { ...letter, blocks: edit(letter.blocks, place.at) };
  const row = letter.blocks[place.at];
  if (row?.kind !== "columns") return letter;
  const columns = row.columns.map((blocks, c) => (c === place.column ? edit(blocks, place.inner ?? 0) : blocks));
  return { ...letter, blocks: letter.blocks.map((b, i) => (i === place.at ? { ...row, columns } : b)) };
}

/** A block put at a place (the one there moves down). */
export function insertAt(letter: BlockLetter, place: Place, block: Block): BlockLetter {
  return withSiblings(letter, place, (blocks, i) => [...blocks.slice(0, i), block, ...blocks.slice(i)]);
}

export function replaceAt(letter: BlockLetter, place: Place, block: Block): BlockLetter {
  return withSiblings(letter, place, (blocks, i) => blocks.map((b, j) => (j === i ? block : b)));
}

export function removeAt(letter: BlockLetter, place: Place): BlockLetter {
  return withSiblings(letter, place, (blocks, i) => blocks.filter((_, j) => j !== i));
}

export function duplicateAt(letter: BlockLetter, place: Place): BlockLetter {
  const block = blockAt(letter, place);
  return block ? insertAt(letter, place, structuredClone(block)) : letter;
}

/** How many blocks share the place's list: the letter's, or its column's. */
export function siblingsOf(letter: BlockLetter, place: Place): number {
  if (place.column === undefined) return letter.blocks.length;
  const row = letter.blocks[place.at];
  return row?.kind === "columns" ? (row.columns[place.column]?.length ?? 0) : 0;
}

/** The place one step up (-1) or down (+1) among its siblings, or `null` at the end. */
export function stepped(letter: BlockLetter, place: Place, by: -1 | 1): Place | null {
  const next = indexOf(place) + by;
  if (next < 0 || next >= siblingsOf(letter, place)) return null;
  return sibling(place, next);
}

/** A place's index in its list (the letter's, or its column's). */
export function indexOf(place: Place): number {
  return place.column === undefined ? place.at : (place.inner ?? 0);
}

/** The place at `index` in the same list as `place` (the letter's, or its column's). */
export function sibling(place: Place, index: number): Place {
  return place.column === undefined ? { at: index } : { ...place, inner: index };
}

/** The block taken from its place and put at `index` among its siblings as they are without it. */
export function moveTo(letter: BlockLetter, place: Place, index: number): BlockLetter {
  const block = blockAt(letter, place);
  if (!block || index < 0 || index >= siblingsOf(letter, place)) return letter;
  return insertAt(removeAt(letter, place), sibling(place, index), block);
}

/** A row's columns as its new ratio has them: blocks of a column it no longer has join the last one. */
export function withRatio(block: Extract<Block, { kind: "columns" }>, ratio: Ratio): Block {
  const count = RATIO_COLUMNS[ratio];
  const columns = block.columns.slice(0, count);
  while (columns.length < count) columns.push([]);
  const dropped = block.columns.slice(count).flat();
  columns[count - 1] = [...columns[count - 1], ...dropped];
  return { ...block, ratio, columns };
}

export function samePlace(a: Place | null, b: Place | null): boolean {
  return !!a && !!b && a.at === b.at && a.column === b.column && (a.inner ?? 0) === (b.inner ?? 0);
}

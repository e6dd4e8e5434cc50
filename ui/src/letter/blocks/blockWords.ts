import type { Align } from "../../ipc/bindings/Align";
import type { Font } from "../../ipc/bindings/Font";
import type { Ratio } from "../../ipc/bindings/Ratio";
import type { MessageKey } from "../../i18n/catalogues";
import type { BlockKind } from "./blockModel";

/** Each kind of block's name. */
export const KIND_WORDS: Record<BlockKind | "footer", MessageKey> = {
  heading: "blocks.kind.heading",
  text: "blocks.kind.text",
  image: "blocks.kind.image",
  button: "blocks.kind.button",
  columns: "blocks.kind.columns",
  divider: "blocks.kind.divider",
  spacer: "blocks.kind.spacer",
  html: "blocks.kind.html",
  footer: "blocks.kind.footer",
};

export const ALIGN_WORDS: [Align, MessageKey][] = [
  ["left", "blocks.align.left"],
  ["center", "blocks.align.center"],
  ["right", "blocks.align.right"],
];

export const RATIO_WORDS: [Ratio, MessageKey][] = [
  ["halves", "blocks.columns.halves"],
  ["thirdTwoThirds", "blocks.columns.thirdTwoThirds"],
  ["twoThirdsThird", "blocks.columns.twoThirdsThird"],
  ["thirds", "blocks.columns.thirds"],
];

export const FONT_WORDS: [Font, MessageKey][] = [
  ["sans", "blocks.look.fontSans"],
  ["serif", "blocks.look.fontSerif"],
  ["mono", "blocks.look.fontMono"],
];

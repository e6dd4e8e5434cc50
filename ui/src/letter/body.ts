import type { BlockLetter } from "../ipc/bindings/BlockLetter";

/** A letter's body: its HTML code, or the blocks it is made of (its `html` is then rendered from them in `desk`). */
export interface LetterBodyValue {
  html: string;
  blocks?: BlockLetter | null;
}

/** Made of blocks here and its HTML changed elsewhere since, or made in the service's own builder. */
export type WhyHtml = "blocksEditedElsewhere" | "madeInServiceBuilder";

/** Why a letter opened as HTML (as the service had it), while it is not made of blocks. */
export function whyHtml(body: LetterBodyValue, opened: { blocksEditedElsewhere: boolean; madeInServiceBuilder?: boolean }): WhyHtml | null {
  if (body.blocks) return null;
  if (opened.blocksEditedElsewhere) return "blocksEditedElsewhere";
  return opened.madeInServiceBuilder ? "madeInServiceBuilder" : null;
}

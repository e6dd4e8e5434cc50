import type { BlockLetter } from "../../ipc/bindings/BlockLetter";
import type { TemplateView } from "../../ipc/bindings/TemplateView";
import type { MessageKey } from "../../i18n/I18n";
import { starterLetter } from "../../letter/blocks/starters";

/** How a message's body is written: in the letter builder's blocks, or as HTML. */
export type BodyMode = "blocks" | "html";

/** A message's body as the form holds it: both ways of writing it, and the one chosen. */
export interface MessageBody {
  mode: BodyMode;
  blocks: BlockLetter;
  html: string;
}

/**
 * The letter a message's blocks start from: the plain starter, without what
 * only a mailing has (the subscriber's name from a list, why a subscriber
 * gets it), since a single message goes to an address and not to a list.
 */
export function messageStarter(say: (key: MessageKey) => string): BlockLetter {
  const letter = starterLetter("plain", say, { company: "", address: "" });
  return {
    ...letter,
    blocks: letter.blocks.map((block) =>
      block.kind === "text" ? { ...block, paragraphs: block.paragraphs.filter((line) => !line.some((piece) => piece.kind === "tag")) } : block,
    ),
    footer: { ...letter.footer, note: "" },
  };
}

/**
 * The body a template gives a message: its blocks, opened in the builder,
 * or its HTML; the other way keeps what it held. A template whose blocks
 * were edited elsewhere as HTML gives its HTML, as the templates open it.
 */
export function bodyFromTemplate(template: TemplateView, body: MessageBody): MessageBody {
  if (template.blocks && !template.blocksEditedElsewhere) return { ...body, mode: "blocks", blocks: template.blocks };
  return { ...body, mode: "html", html: template.html };
}

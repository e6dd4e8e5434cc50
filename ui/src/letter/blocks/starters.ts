import type { Block } from "../../ipc/bindings/Block";
import type { BlockLetter } from "../../ipc/bindings/BlockLetter";
import type { Inline } from "../../ipc/bindings/Inline";
import type { MessageKey } from "../../i18n/I18n";

/** The letters a new one can start from, in the order they are offered. */
export const STARTERS = ["newsletter", "announcement", "welcome", "plain"] as const;
export type Starter = (typeof STARTERS)[number];

/** What each starter is called where it is offered. */
export const STARTER_NAMES: Record<Starter, MessageKey> = {
  newsletter: "blocks.starter.newsletter.name",
  announcement: "blocks.starter.announcement.name",
  welcome: "blocks.starter.welcome.name",
  plain: "blocks.starter.plain.name",
};

type Say = (key: MessageKey) => string;

const LOOK: BlockLetter["look"] = { width: 600, pageColor: "#f3f4f6", contentColor: "#ffffff", textColor: "#1f2937", linkColor: "#4338ca", font: "sans", preheader: "" };
const ACCENT = "#4338ca";

const words = (text: string): Inline => ({ kind: "text", text, bold: false, italic: false });
const NAME: Inline = { kind: "tag", name: "NAME" };
const heading = (level: number, text: Inline[], align: "left" | "center" = "left"): Block => ({ kind: "heading", level, text, align });
const paragraphs = (lines: Inline[][], align: "left" | "center" = "left"): Block => ({ kind: "text", paragraphs: lines, align, size: 16 });
const button = (label: string, align: "left" | "center" = "left"): Block => ({ kind: "button", label, link: "https://", color: ACCENT, textColor: "#ffffff", align });

/** The blocks of each starter, in the app's language (`say`). */
function blocksOf(starter: Starter, say: Say): Block[] {
  const greeting = [words(say("blocks.starter.heading")), NAME, words("!")];
  switch (starter) {
    case "newsletter":
      return [
        heading(1, greeting),
        paragraphs([[words(say("blocks.starter.text"))]]),
        { kind: "divider", color: "#e5e7eb", thickness: 1 },
        {
          kind: "columns",
          ratio: "halves",
          columns: [
            [heading(2, [words(say("blocks.starter.newsletter.first"))]), paragraphs([[words(say("blocks.starter.newsletter.firstText"))]]), button(say("blocks.starter.button"))],
            [heading(2, [words(say("blocks.starter.newsletter.second"))]), paragraphs([[words(say("blocks.starter.newsletter.secondText"))]]), button(say("blocks.starter.button"))],
          ],
        },
      ];
    case "announcement":
      return [
        heading(1, [words(say("blocks.starter.announcement.title"))], "center"),
        paragraphs([[words(say("blocks.starter.announcement.text"))]], "center"),
        button(say("blocks.starter.announcement.button"), "center"),
        { kind: "spacer", height: 24 },
      ];
    case "welcome":
      return [heading(1, greeting), paragraphs([[words(say("blocks.starter.welcome.text"))]]), button(say("blocks.starter.welcome.button"))];
    case "plain":
      return [
        paragraphs([
          [words(say("blocks.starter.heading")), NAME, words(",")],
          [words(say("blocks.starter.plain.text"))],
          [words(say("blocks.starter.plain.signoff"))],
        ]),
      ];
  }
}

/** A starter letter to change, its footer naming the list's company details. */
export function starterLetter(starter: Starter, say: Say, sender: { company: string; address: string }): BlockLetter {
  return {
    look: LOOK,
    blocks: blocksOf(starter, say),
    footer: { company: sender.company, address: sender.address, note: say("blocks.starter.note"), unsubscribe: say("blocks.starter.unsubscribe") },
  };
}

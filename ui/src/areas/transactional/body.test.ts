import { describe, expect, it } from "vitest";
import type { BlockLetter } from "../../ipc/bindings/BlockLetter";
import type { TemplateView } from "../../ipc/bindings/TemplateView";
import { bodyFromTemplate, messageStarter, type MessageBody } from "./body";

const say = (key: string) => `«${key}»`;
const starter = messageStarter(say);
const typed: MessageBody = { mode: "blocks", blocks: starter, html: "<p>typed</p>" };
const BLOCKS: BlockLetter = { ...starter, blocks: [{ kind: "spacer", height: 24 }] };
const template = (patch: Partial<TemplateView>): TemplateView => ({
  id: 1,
  kind: "saved",
  name: "Receipt",
  html: "",
  blocks: null,
  blocksEditedElsewhere: false,
  preview: { html: "", heldImages: 0 },
  ...patch,
});

describe("a message's body", () => {
  it("starts from a plain letter that names no subscriber and gives no reason for a subscription", () => {
    const text = JSON.stringify(starter.blocks);
    expect(text).not.toContain('"kind":"tag"');
    expect(text).toContain("«blocks.starter.plain.text»");
    expect(starter.footer.note).toBe("");
  });

  it("takes a template's blocks into the builder, and keeps the HTML typed", () => {
    expect(bodyFromTemplate(template({ blocks: BLOCKS }), { ...typed, mode: "html" })).toEqual({ mode: "blocks", blocks: BLOCKS, html: "<p>typed</p>" });
  });

  it("takes a template's HTML into the HTML way, and keeps the blocks", () => {
    expect(bodyFromTemplate(template({ html: "<h1>Receipt</h1>" }), typed)).toEqual({ mode: "html", blocks: starter, html: "<h1>Receipt</h1>" });
  });

  it("takes the HTML of a block template edited elsewhere, as the templates open it", () => {
    const body = bodyFromTemplate(template({ blocks: BLOCKS, html: "<h1>Changed</h1>", blocksEditedElsewhere: true }), typed);
    expect(body.mode).toBe("html");
    expect(body.html).toBe("<h1>Changed</h1>");
  });
});

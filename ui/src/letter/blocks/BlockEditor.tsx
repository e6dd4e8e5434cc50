import { useState } from "react";
import type { BlockLetter } from "../../ipc/bindings/BlockLetter";
import { useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { useToast } from "../../kit/Toast";
import { blockAt, duplicateAt, indexOf, insertAt, moveTo, newBlock, removeAt, replaceAt, sibling, stepped, type BlockKind, type Place } from "./blockModel";
import { BlockCanvas } from "./BlockCanvas";
import { BlockInspector, FooterInspector, LookInspector } from "./BlockInspector";
import type { TagChoice } from "./RichText";
import { KIND_WORDS } from "./blockWords";
import own from "./BlockEditor.module.css";

type Chosen = Place | "footer" | "look" | null;

/** A letter made of blocks: the canvas in the letter's look, and the chosen block's settings beside it. */
export default function BlockEditor({ letter, onChange, tags, editable }: { letter: BlockLetter; onChange: (letter: BlockLetter) => void; tags: TagChoice[]; editable: boolean }) {
  const t = useT();
  const toast = useToast();
  const [chosen, setChosen] = useState<Chosen>(letter.blocks.length > 0 ? { at: 0 } : "look");
  // A new inspector for each block chosen and after each move: its text editor holds the block it was made for.
  const [generation, setGeneration] = useState(0);
  const choose = (next: Chosen) => {
    setChosen(next);
    setGeneration((g) => g + 1);
  };
  const words = { heading: t("blocks.new.heading"), text: t("blocks.new.text"), button: t("blocks.new.button"), imageAlt: t("blocks.new.imageAlt") };
  const place = chosen !== null && typeof chosen === "object" ? chosen : null;
  const block = place ? blockAt(letter, place) : undefined;

  const add = (at: Place, kind: BlockKind) => {
    onChange(insertAt(letter, at, newBlock(kind, words)));
    choose(at);
  };
  /** A block put at `index` in its list (dragged there), and chosen there. */
  const put = (at: Place, index: number) => {
    onChange(moveTo(letter, at, index));
    choose(sibling(at, index));
  };
  const move = (at: Place, by: -1 | 1) => {
    const to = stepped(letter, at, by);
    if (!to) return;
    put(at, indexOf(to));
    // The moved block keeps the keyboard: its card is found again where it went.
    requestAnimationFrame(() => {
      const card = document.querySelector<HTMLElement>("[data-testid=block][data-chosen]");
      (card?.querySelector<HTMLElement>(":scope > [data-testid=block-row-handle]") ?? card)?.focus();
    });
  };
  const remove = (at: Place) => {
    const before = letter;
    onChange(removeAt(letter, at));
    choose(null);
    toast(t("blocks.deleted"), "success", { label: t("blocks.undo"), onClick: () => (onChange(before), choose(at)) });
  };

  return (
    <div className={own.editor} data-testid="block-editor">
      <div className={own.main}>
        <div className={own.bar}>
          <Button variant={chosen === "look" ? "primary" : "secondary"} onClick={() => choose("look")} data-testid="block-look">
            {t("blocks.look")}
          </Button>
        </div>
        <BlockCanvas letter={letter} chosen={chosen === "look" ? null : chosen} choose={choose} add={add} move={move} put={put} editable={editable} />
      </div>
      <aside className={own.inspector} aria-label={t("blocks.inspector")} data-testid="block-inspector">
        {place && block && (
          <>
            <div className={own.inspectorHead}>
              <h3>{t(KIND_WORDS[block.kind])}</h3>
              {editable && (
                <div className={own.actions}>
                  <Button variant="secondary" disabled={!stepped(letter, place, -1)} onClick={() => move(place, -1)} aria-label={t("blocks.up")} title={t("blocks.moveHint")} data-testid="block-up">
                    ↑
                  </Button>
                  <Button variant="secondary" disabled={!stepped(letter, place, 1)} onClick={() => move(place, 1)} aria-label={t("blocks.down")} title={t("blocks.moveHint")} data-testid="block-down">
                    ↓
                  </Button>
                  <Button variant="secondary" onClick={() => (onChange(duplicateAt(letter, place)), choose(place))} data-testid="block-duplicate">
                    {t("blocks.duplicate")}
                  </Button>
                  <Button variant="danger" onClick={() => remove(place)} data-testid="block-delete">
                    {t("blocks.delete")}
                  </Button>
                </div>
              )}
            </div>
            <fieldset className={own.settings} disabled={!editable} key={generation}>
              <BlockInspector block={block} onChange={(next) => onChange(replaceAt(letter, place, next))} tags={tags} />
            </fieldset>
          </>
        )}
        {chosen === "footer" && (
          <fieldset className={own.settings} disabled={!editable}>
            <div className={own.inspectorHead}>
              <h3>{t(KIND_WORDS.footer)}</h3>
              {editable && (
                <Button variant="danger" disabled title={t("blocks.footer.stays")} data-testid="block-delete">
                  {t("blocks.delete")}
                </Button>
              )}
            </div>
            <FooterInspector footer={letter.footer} onChange={(footer) => onChange({ ...letter, footer })} />
          </fieldset>
        )}
        {chosen === "look" && (
          <fieldset className={own.settings} disabled={!editable}>
            <h3>{t("blocks.look")}</h3>
            <LookInspector look={letter.look} onChange={(look) => onChange({ ...letter, look })} />
          </fieldset>
        )}
        {chosen === null && <p className={own.hint}>{t("blocks.chooseHint")}</p>}
      </aside>
    </div>
  );
}

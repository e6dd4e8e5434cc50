import { useState, type KeyboardEvent } from "react";
import type { Block } from "../../ipc/bindings/Block";
import type { BlockLetter } from "../../ipc/bindings/BlockLetter";
import type { Inline } from "../../ipc/bindings/Inline";
import type { Ratio } from "../../ipc/bindings/Ratio";
import { useT } from "../../i18n/I18n";
import { INNER_KINDS, KINDS, RATIO_COLUMNS, samePlace, type BlockKind, type Place } from "./blockModel";
import { KIND_WORDS } from "./blockWords";
import { dropMark, usePointerReorder } from "./dragging";
import own from "./BlockEditor.module.css";

const FONTS = { sans: "system-ui, sans-serif", serif: "Georgia, serif", mono: "Menlo, Consolas, monospace" } as const;

interface CanvasProps {
  letter: BlockLetter;
  chosen: Place | "footer" | null;
  choose: (place: Place | "footer") => void;
  add: (place: Place, kind: BlockKind) => void;
  /** Alt+↑/↓ on a chosen block. */
  move: (place: Place, by: -1 | 1) => void;
  /** A block dragged to `index` in its list. */
  put: (place: Place, index: number) => void;
  editable: boolean;
}

/** The letter in its look, block by block: a block is chosen by a click or Enter, moved with Alt+↑/↓ or dragged, and a block is added between any two. */
export function BlockCanvas({ letter, chosen, choose, add, move, put, editable }: CanvasProps) {
  const t = useT();
  const { look } = letter;
  return (
    <div className={own.canvas} style={{ background: look.pageColor }} data-testid="blocks-canvas">
      <div className={own.sheet} style={{ background: look.contentColor, color: look.textColor, fontFamily: FONTS[look.font], maxWidth: look.width }}>
        <Blocks blocks={letter.blocks} placeOf={(i) => ({ at: i })} kinds={KINDS} {...{ chosen, choose, add, move, put, editable }} linkColor={look.linkColor} />
      </div>
      <button
        type="button"
        className={[own.card, own.footer, chosen === "footer" ? own.chosen : ""].join(" ")}
        style={{ color: look.textColor, fontFamily: FONTS[look.font] }}
        onClick={() => choose("footer")}
        aria-label={t(KIND_WORDS.footer)}
        data-testid="block-footer"
      >
        {[letter.footer.company, letter.footer.address, letter.footer.note].filter(Boolean).map((line, i) => (
          <span key={i}>{line}</span>
        ))}
        <u>{letter.footer.unsubscribe || t("blocks.footer.unsubscribeMissing")}</u>
      </button>
    </div>
  );
}

function Blocks({ blocks, placeOf, kinds, chosen, choose, add, move, put, editable, linkColor }: {
  blocks: Block[];
  placeOf: (index: number) => Place;
  kinds: BlockKind[];
  linkColor: string;
} & Omit<CanvasProps, "letter">) {
  const t = useT();
  const onKey = (place: Place) => (e: KeyboardEvent) => {
    // By the physical key, whatever the layout.
    if (!e.altKey || (e.code !== "ArrowUp" && e.code !== "ArrowDown") || !editable) return;
    e.preventDefault();
    move(place, e.code === "ArrowUp" ? -1 : 1);
  };
  const { list, drag, start, afterDrag } = usePointerReorder((from, to) => put(placeOf(from), to));
  const mark = drag && dropMark(blocks.length, drag.from, drag.to);
  const press = (i: number) => (editable ? start(i) : undefined);
  return (
    <div ref={list} className={own.blocks}>
      {editable && <AddBetween place={placeOf(0)} kinds={kinds} add={add} />}
      {blocks.map((block, i) => {
        const place = placeOf(i);
        const isChosen = chosen !== "footer" && samePlace(chosen, place);
        return (
          <div key={i} className={own.slot} data-slot data-dragging={drag?.from === i || undefined} data-drop={mark?.at === i ? mark.side : undefined}>
            {block.kind === "columns" ? (
              // A row is a group: its own handle chooses it, and its columns' blocks are chosen each on its own (no button inside a button).
              <div
                role="group"
                aria-label={t(KIND_WORDS.columns)}
                className={[own.card, own.rowCard, isChosen ? own.chosen : ""].join(" ")}
                data-testid="block"
                data-kind="columns"
                data-chosen={isChosen || undefined}
              >
                <button
                  type="button"
                  className={own.rowHandle}
                  onClick={() => afterDrag() || choose(place)}
                  onPointerDown={press(i)}
                  onKeyDown={onKey(place)}
                  aria-pressed={isChosen}
                  data-testid="block-row-handle"
                >
                  {t(KIND_WORDS.columns)}
                </button>
                <div className={own.row} style={{ gridTemplateColumns: gridOf(block.ratio) }}>
                  {block.columns.slice(0, RATIO_COLUMNS[block.ratio]).map((column, c) => (
                    <div key={c} className={own.column} data-testid="block-column">
                      <Blocks
                        blocks={column}
                        placeOf={(j) => ({ ...place, column: c, inner: j })}
                        kinds={INNER_KINDS}
                        {...{ chosen, choose, add, move, put, editable, linkColor }}
                      />
                    </div>
                  ))}
                </div>
              </div>
            ) : (
              <div
                role="button"
                tabIndex={0}
                className={[own.card, isChosen ? own.chosen : ""].join(" ")}
                onClick={(e) => (e.stopPropagation(), afterDrag() || choose(place))}
                onPointerDown={press(i)}
                onKeyDown={(e) => {
                  if (e.key === "Enter" || e.key === " ") {
                    e.preventDefault();
                    choose(place);
                  }
                  onKey(place)(e);
                }}
                aria-label={t(KIND_WORDS[block.kind])}
                aria-pressed={isChosen}
                data-testid="block"
                data-kind={block.kind}
                data-chosen={isChosen || undefined}
              >
                <BlockLook block={block} linkColor={linkColor} />
              </div>
            )}
            {editable && <AddBetween place={placeOf(i + 1)} kinds={kinds} add={add} />}
          </div>
        );
      })}
    </div>
  );
}

function gridOf(ratio: Ratio): string {
  return { halves: "1fr 1fr", thirdTwoThirds: "1fr 2fr", twoThirdsThird: "2fr 1fr", thirds: "1fr 1fr 1fr" }[ratio];
}

/** The "+" between two blocks: a menu of the kinds to add there. */
function AddBetween({ place, kinds, add }: { place: Place; kinds: BlockKind[]; add: (place: Place, kind: BlockKind) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div className={own.between}>
      <button
        type="button"
        className={own.plus}
        onClick={(e) => (e.stopPropagation(), setOpen(!open))}
        aria-expanded={open}
        aria-label={t("blocks.add")}
        data-testid="block-add"
        data-place={place.column === undefined ? String(place.at) : `${place.at}.${place.column}.${place.inner ?? 0}`}
      >
        +
      </button>
      {open && (
        <div className={own.kinds} role="menu">
          {kinds.map((kind) => (
            <button
              key={kind}
              type="button"
              role="menuitem"
              onClick={(e) => {
                e.stopPropagation();
                setOpen(false);
                add(place, kind);
              }}
              data-testid={`block-add-${kind}`}
            >
              {t(KIND_WORDS[kind])}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** A block drawn roughly as the letter shows it; the exact letter is the preview beside. */
function BlockLook({ block, linkColor }: { block: Block; linkColor: string }) {
  const t = useT();
  switch (block.kind) {
    case "heading": {
      const Tag = `h${block.level}` as "h1" | "h2" | "h3";
      return (
        <Tag className={own.heading} style={{ textAlign: block.align }}>
          <Words line={block.text} linkColor={linkColor} />
        </Tag>
      );
    }
    case "text":
      return (
        <div style={{ textAlign: block.align, fontSize: block.size }}>
          {block.paragraphs.map((line, i) => (
            <p key={i} className={own.paragraph}>
              <Words line={line} linkColor={linkColor} />
            </p>
          ))}
        </div>
      );
    case "image":
      return (
        <div className={own.image} style={{ textAlign: block.align }}>
          <span>🖼 {block.alt || t("blocks.image.noAlt")}</span>
          <small>{block.src}</small>
        </div>
      );
    case "button":
      return (
        <div style={{ textAlign: block.align }}>
          <span className={own.button} style={{ background: block.color, color: block.textColor }}>
            {block.label}
          </span>
        </div>
      );
    case "divider":
      return <hr className={own.divider} style={{ borderTop: `${block.thickness}px solid ${block.color}` }} />;
    case "spacer":
      return <div className={own.spacer} style={{ height: block.height }} aria-hidden />;
    case "html":
      return <code className={own.html}>{block.html.trim() ? block.html.slice(0, 160) : t("blocks.html.empty")}</code>;
    case "columns":
      return null;
  }
}

function Words({ line, linkColor }: { line: Inline[]; linkColor: string }) {
  return (
    <>
      {line.map((inline, i) => {
        if (inline.kind === "break") return <br key={i} />;
        if (inline.kind === "tag") return <span key={i} className="tag-chip">{`%${inline.name}%`}</span>;
        let piece = <>{inline.text}</>;
        if (inline.italic) piece = <em>{piece}</em>;
        if (inline.bold) piece = <strong>{piece}</strong>;
        if (inline.link) piece = <span style={{ color: linkColor, textDecoration: "underline" }}>{piece}</span>;
        return <span key={i}>{piece}</span>;
      })}
    </>
  );
}

import type { Align } from "../../ipc/bindings/Align";
import type { Block } from "../../ipc/bindings/Block";
import type { Footer } from "../../ipc/bindings/Footer";
import type { Look } from "../../ipc/bindings/Look";
import type { Ratio } from "../../ipc/bindings/Ratio";
import { useT } from "../../i18n/I18n";
import { CodeEditor } from "../../kit/CodeEditor";
import { TextField } from "../../kit/Field";
import { withRatio } from "./blockModel";
import { RichText, type TagChoice } from "./RichText";
import { ALIGN_WORDS, FONT_WORDS, KIND_WORDS, RATIO_WORDS } from "./blockWords";
import own from "./BlockEditor.module.css";

/** The chosen block's settings. */
export function BlockInspector({ block, onChange, tags }: { block: Block; onChange: (block: Block) => void; tags: TagChoice[] }) {
  const t = useT();
  switch (block.kind) {
    case "heading":
      return (
        <>
          <RichText value={[block.text]} onChange={(p) => onChange({ ...block, text: p.flatMap((line, i) => (i ? [{ kind: "break" as const }, ...line] : line)) })} tags={tags} label={t(KIND_WORDS.heading)} singleLine testId="block-heading-text" />
          <Choice label={t("blocks.heading.level")} value={String(block.level)} options={["1", "2", "3"].map((l) => [l, t("blocks.heading.levelN", { level: l })])} onChange={(l) => onChange({ ...block, level: Number(l) })} testId="block-heading-level" />
          <AlignChoice value={block.align} onChange={(align) => onChange({ ...block, align })} />
        </>
      );
    case "text":
      return (
        <>
          <RichText value={block.paragraphs} onChange={(paragraphs) => onChange({ ...block, paragraphs })} tags={tags} label={t(KIND_WORDS.text)} testId="block-text-text" />
          <NumberField label={t("blocks.text.size")} value={block.size} min={12} max={24} onChange={(size) => onChange({ ...block, size })} testId="block-text-size" />
          <AlignChoice value={block.align} onChange={(align) => onChange({ ...block, align })} />
        </>
      );
    case "image":
      return (
        <>
          <TextField label={t("blocks.image.src")} value={block.src} onChange={(src) => onChange({ ...block, src })} data-testid="block-image-src" />
          <TextField label={t("blocks.image.alt")} value={block.alt} onChange={(alt) => onChange({ ...block, alt })} data-testid="block-image-alt" />
          <TextField label={t("blocks.image.link")} value={block.link ?? ""} onChange={(link) => onChange({ ...block, link: link || null })} data-testid="block-image-link" />
          <NumberField label={t("blocks.image.width")} value={block.width ?? 0} min={0} max={800} onChange={(width) => onChange({ ...block, width: width >= 16 ? width : null })} testId="block-image-width" />
          <AlignChoice value={block.align} onChange={(align) => onChange({ ...block, align })} />
        </>
      );
    case "button":
      return (
        <>
          <TextField label={t("blocks.button.label")} value={block.label} onChange={(label) => onChange({ ...block, label })} data-testid="block-button-label" />
          <TextField label={t("blocks.button.link")} value={block.link} onChange={(link) => onChange({ ...block, link })} data-testid="block-button-link" />
          <ColorField label={t("blocks.button.color")} value={block.color} onChange={(color) => onChange({ ...block, color })} />
          <ColorField label={t("blocks.button.textColor")} value={block.textColor} onChange={(textColor) => onChange({ ...block, textColor })} />
          <AlignChoice value={block.align} onChange={(align) => onChange({ ...block, align })} />
        </>
      );
    case "columns":
      return (
        <Choice
          label={t("blocks.columns.ratio")}
          value={block.ratio}
          options={RATIO_WORDS.map(([r, key]) => [r, t(key)])}
          onChange={(ratio) => onChange(withRatio(block, ratio as Ratio))}
          testId="block-columns-ratio"
        />
      );
    case "divider":
      return (
        <>
          <ColorField label={t("blocks.divider.color")} value={block.color} onChange={(color) => onChange({ ...block, color })} />
          <NumberField label={t("blocks.divider.thickness")} value={block.thickness} min={1} max={8} onChange={(thickness) => onChange({ ...block, thickness })} testId="block-divider-thickness" />
        </>
      );
    case "spacer":
      return <NumberField label={t("blocks.spacer.height")} value={block.height} min={4} max={120} onChange={(height) => onChange({ ...block, height })} testId="block-spacer-height" />;
    case "html":
      return <CodeEditor value={block.html} onChange={(html) => onChange({ ...block, html })} language="html" label={t(KIND_WORDS.html)} testId="block-html" />;
  }
}

/** The footer's words: the list's company details and the unsubscribe link's words. */
export function FooterInspector({ footer, onChange }: { footer: Footer; onChange: (footer: Footer) => void }) {
  const t = useT();
  return (
    <>
      <p className={own.hint}>{t("blocks.footer.stays")}</p>
      <TextField label={t("blocks.footer.company")} value={footer.company} onChange={(company) => onChange({ ...footer, company })} data-testid="block-footer-company" />
      <TextField label={t("blocks.footer.address")} value={footer.address} onChange={(address) => onChange({ ...footer, address })} data-testid="block-footer-address" />
      <TextField label={t("blocks.footer.note")} value={footer.note} onChange={(note) => onChange({ ...footer, note })} data-testid="block-footer-note" />
      <TextField label={t("blocks.footer.unsubscribe")} value={footer.unsubscribe} onChange={(unsubscribe) => onChange({ ...footer, unsubscribe })} data-testid="block-footer-unsubscribe" />
    </>
  );
}

/** The whole letter's look. */
export function LookInspector({ look, onChange }: { look: Look; onChange: (look: Look) => void }) {
  const t = useT();
  return (
    <>
      <TextField label={t("blocks.look.preheader")} value={look.preheader} onChange={(preheader) => onChange({ ...look, preheader })} data-testid="block-look-preheader" />
      <NumberField label={t("blocks.look.width")} value={look.width} min={480} max={800} onChange={(width) => onChange({ ...look, width })} testId="block-look-width" />
      <Choice label={t("blocks.look.font")} value={look.font} options={FONT_WORDS.map(([f, key]) => [f, t(key)])} onChange={(font) => onChange({ ...look, font: font as Look["font"] })} testId="block-look-font" />
      <ColorField label={t("blocks.look.pageColor")} value={look.pageColor} onChange={(pageColor) => onChange({ ...look, pageColor })} />
      <ColorField label={t("blocks.look.contentColor")} value={look.contentColor} onChange={(contentColor) => onChange({ ...look, contentColor })} />
      <ColorField label={t("blocks.look.textColor")} value={look.textColor} onChange={(textColor) => onChange({ ...look, textColor })} />
      <ColorField label={t("blocks.look.linkColor")} value={look.linkColor} onChange={(linkColor) => onChange({ ...look, linkColor })} />
    </>
  );
}

function AlignChoice({ value, onChange }: { value: Align; onChange: (align: Align) => void }) {
  const t = useT();
  return <Choice label={t("blocks.align")} value={value} options={ALIGN_WORDS.map(([a, key]) => [a, t(key)])} onChange={(a) => onChange(a as Align)} testId="block-align" />;
}

function Choice({ label, value, options, onChange, testId }: { label: string; value: string; options: [string, string][]; onChange: (value: string) => void; testId: string }) {
  return (
    <label className={own.field}>
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {options.map(([v, words]) => (
          <option key={v} value={v}>
            {words}
          </option>
        ))}
      </select>
    </label>
  );
}

function NumberField({ label, value, min, max, onChange, testId }: { label: string; value: number; min: number; max: number; onChange: (value: number) => void; testId: string }) {
  return (
    <label className={own.field}>
      <span>{label}</span>
      <input type="number" value={value} min={min} max={max} onChange={(e) => onChange(Math.min(max, Math.max(min, Number(e.target.value) || min)))} data-testid={testId} />
    </label>
  );
}

function ColorField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className={own.field}>
      <span>{label}</span>
      <input type="color" value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

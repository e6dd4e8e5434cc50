import type { CheckContext } from "../ipc/bindings/CheckContext";
import type { Segment } from "../ipc/bindings/Segment";
import type { SegmentField } from "../ipc/bindings/SegmentField";
import type { SegmentOp } from "../ipc/bindings/SegmentOp";
import { useT, type MessageKey } from "../i18n/I18n";
import { Button } from "../kit/Button";
import own from "./Letter.module.css";

const OPS: Record<SegmentOp, MessageKey> = {
  is: "segment.op.is",
  isNot: "segment.op.isNot",
  contains: "segment.op.contains",
  notContains: "segment.op.notContains",
  starts: "segment.op.starts",
  ends: "segment.op.ends",
  greater: "segment.op.greater",
  less: "segment.op.less",
};

/** A field as a select's value: "email" or the field's number. */
const fieldValue = (field: SegmentField) => (field === "email" ? "email" : String(field.field));
const fieldOf = (value: string): SegmentField => (value === "email" ? "email" : { field: Number(value) });

interface SegmentEditorProps {
  segment: Segment | null;
  onChange: (segment: Segment | null) => void;
  context: CheckContext;
  listIds: number[];
}

/** Everyone on the chosen lists, or only those who match all or any of some conditions on their address or fields. */
export function SegmentEditor({ segment, onChange, context, listIds }: SegmentEditorProps) {
  const t = useT();
  const fields = new Map<number, string>();
  for (const list of context.lists) if (listIds.includes(list.id)) for (const tag of list.tags) if (!fields.has(tag.field)) fields.set(tag.field, tag.title);
  const conditions = segment?.conditions ?? [];
  const change = (patch: Partial<Segment>) => onChange({ matchAll: segment?.matchAll ?? true, conditions, ...patch });
  const setCondition = (index: number, patch: Partial<Segment["conditions"][number]>) =>
    change({ conditions: conditions.map((c, i) => (i === index ? { ...c, ...patch } : c)) });
  return (
    <fieldset className={own.section} data-testid="segment">
      <legend>{t("segment.title")}</legend>
      <label className={own.inline}>
        <input type="radio" checked={segment === null} onChange={() => onChange(null)} data-testid="segment-everyone" />
        {t("segment.everyone")}
      </label>
      <label className={own.inline}>
        <input
          type="radio"
          checked={segment !== null}
          onChange={() => onChange({ matchAll: true, conditions: [{ field: "email", op: "contains", value: "" }] })}
          data-testid="segment-some"
        />
        {t("segment.some")}
        {segment !== null && (
          <select value={segment.matchAll ? "all" : "any"} onChange={(e) => change({ matchAll: e.target.value === "all" })} aria-label={t("segment.match")} data-testid="segment-match">
            <option value="all">{t("segment.all")}</option>
            <option value="any">{t("segment.any")}</option>
          </select>
        )}
      </label>
      {segment !== null &&
        conditions.map((condition, index) => (
          <div key={index} className={own.condition} data-testid="segment-condition">
            <select value={fieldValue(condition.field)} onChange={(e) => setCondition(index, { field: fieldOf(e.target.value) })} aria-label={t("segment.field")} data-testid="segment-field">
              <option value="email">{t("segment.email")}</option>
              {[...fields].map(([number, title]) => (
                <option key={number} value={number}>
                  {title}
                </option>
              ))}
            </select>
            <select value={condition.op} onChange={(e) => setCondition(index, { op: e.target.value as SegmentOp })} aria-label={t("segment.op")} data-testid="segment-op">
              {Object.entries(OPS).map(([op, label]) => (
                <option key={op} value={op}>
                  {t(label)}
                </option>
              ))}
            </select>
            <input value={condition.value} onChange={(e) => setCondition(index, { value: e.target.value })} aria-label={t("segment.value")} data-testid="segment-value" />
            <Button variant="link" onClick={() => change({ conditions: conditions.filter((_, i) => i !== index) })} aria-label={t("segment.remove")}>
              ✕
            </Button>
          </div>
        ))}
      {segment !== null && (
        <Button variant="link" onClick={() => change({ conditions: [...conditions, { field: "email", op: "contains", value: "" }] })} data-testid="segment-add">
          {t("segment.add")}
        </Button>
      )}
    </fieldset>
  );
}

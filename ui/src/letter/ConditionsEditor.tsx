import type { Segment } from "../ipc/bindings/Segment";
import type { SegmentCondition } from "../ipc/bindings/SegmentCondition";
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

/** A field conditions may look at, beside the address. */
export interface ConditionField {
  /** N of `merge_N`. */
  id: number;
  title: string;
  /** A choice field's choices: its value is picked, not typed. */
  choices?: string[];
  /** A date field's value is typed as a date. */
  date?: boolean;
}

/** What a new condition starts as. */
export const NEW_CONDITION: SegmentCondition = { field: "email", op: "contains", value: "" };

/** A field as a select's value: "email" or the field's number. */
const fieldValue = (field: SegmentField) => (field === "email" ? "email" : String(field.field));
const fieldOf = (value: string): SegmentField => (value === "email" ? "email" : { field: Number(value) });

/** Whether every condition of a segment must hold, or any one: a select to put in a sentence. */
export function MatchSelect({ segment, onChange }: { segment: Segment; onChange: (segment: Segment) => void }) {
  const t = useT();
  return (
    <select value={segment.matchAll ? "all" : "any"} onChange={(e) => onChange({ ...segment, matchAll: e.target.value === "all" })} aria-label={t("segment.match")} data-testid="segment-match">
      <option value="all">{t("segment.all")}</option>
      <option value="any">{t("segment.any")}</option>
    </select>
  );
}

interface ConditionsEditorProps {
  segment: Segment;
  onChange: (segment: Segment) => void;
  fields: ConditionField[];
}

/** A segment's conditions, one a line (field, condition, value), with a way to add and remove them. */
export function ConditionsEditor({ segment, onChange, fields }: ConditionsEditorProps) {
  const t = useT();
  const setCondition = (index: number, patch: Partial<SegmentCondition>) =>
    onChange({ ...segment, conditions: segment.conditions.map((c, i) => (i === index ? { ...c, ...patch } : c)) });
  return (
    <>
      {segment.conditions.map((condition, index) => {
        const field = condition.field === "email" ? undefined : fields.find((f) => f.id === (condition.field as { field: number }).field);
        const choices = field?.choices?.length ? field.choices : null;
        return (
          <div key={index} className={own.condition} data-testid="segment-condition" data-index={index}>
            <select
              value={fieldValue(condition.field)}
              onChange={(e) => setCondition(index, { field: fieldOf(e.target.value), value: "" })}
              aria-label={t("segment.field")}
              data-testid="segment-field"
            >
              <option value="email">{t("segment.email")}</option>
              {fields.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.title}
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
            {choices ? (
              <select value={condition.value} onChange={(e) => setCondition(index, { value: e.target.value })} aria-label={t("segment.value")} data-testid="segment-value">
                <option value="">—</option>
                {choices.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice}
                  </option>
                ))}
              </select>
            ) : (
              <input
                type={field?.date ? "date" : undefined}
                value={condition.value}
                onChange={(e) => setCondition(index, { value: e.target.value })}
                aria-label={t("segment.value")}
                data-testid="segment-value"
              />
            )}
            <Button variant="link" onClick={() => onChange({ ...segment, conditions: segment.conditions.filter((_, i) => i !== index) })} aria-label={t("segment.remove")} data-testid="segment-remove">
              ✕
            </Button>
          </div>
        );
      })}
      <Button variant="link" onClick={() => onChange({ ...segment, conditions: [...segment.conditions, NEW_CONDITION] })} data-testid="segment-add">
        {t("segment.add")}
      </Button>
    </>
  );
}

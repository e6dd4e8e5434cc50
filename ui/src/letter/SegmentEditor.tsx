import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { CheckContext } from "../ipc/bindings/CheckContext";
import type { Segment } from "../ipc/bindings/Segment";
import { savedSegmentsQuery } from "../ipc/commands";
import { useT } from "../i18n/I18n";
import { Button } from "../kit/Button";
import { ConditionsEditor, MatchSelect, NEW_CONDITION, type ConditionField } from "./ConditionsEditor";
import own from "./Letter.module.css";

interface SegmentEditorProps {
  segment: Segment | null;
  onChange: (segment: Segment | null) => void;
  context: CheckContext;
  listIds: number[];
  /** Offer the chosen lists' saved segments to fill the conditions from. */
  offerSaved?: boolean;
}

/** Everyone on the chosen lists, or only those who match all or any of some conditions on their address or fields. */
export function SegmentEditor({ segment, onChange, context, listIds, offerSaved }: SegmentEditorProps) {
  const t = useT();
  const fields: ConditionField[] = [];
  for (const list of context.lists)
    if (listIds.includes(list.id)) for (const tag of list.tags) if (!fields.some((f) => f.id === tag.field)) fields.push({ id: tag.field, title: tag.title });
  return (
    <fieldset className={own.section} data-testid="segment">
      <legend>{t("segment.title")}</legend>
      <label className={own.inline}>
        <input type="radio" checked={segment === null} onChange={() => onChange(null)} data-testid="segment-everyone" />
        {t("segment.everyone")}
      </label>
      <label className={own.inline}>
        <input type="radio" checked={segment !== null} onChange={() => onChange({ matchAll: true, conditions: [NEW_CONDITION] })} data-testid="segment-some" />
        {t("segment.some")}
        {segment !== null && <MatchSelect segment={segment} onChange={onChange} />}
      </label>
      {segment !== null && <ConditionsEditor segment={segment} onChange={onChange} fields={fields} />}
      {offerSaved && <SavedSegmentPicker context={context} listIds={listIds} onPick={onChange} />}
    </fieldset>
  );
}

/**
 * The chosen lists' saved segments: picking one puts its conditions in place
 * of these. They are read when asked for, so opening a letter costs nothing more.
 */
function SavedSegmentPicker({ context, listIds, onPick }: { context: CheckContext; listIds: number[]; onPick: (segment: Segment) => void }) {
  const t = useT();
  const [asked, setAsked] = useState(false);
  const saved = useQuery({ ...savedSegmentsQuery(null), enabled: asked });
  if (!asked)
    return (
      <Button variant="link" className={own.savedAsk} onClick={() => setAsked(true)} data-testid="segment-saved-open">
        {t("segment.savedOpen")}
      </Button>
    );
  if (!saved.data) return <p className={own.hint}>{saved.error ? t("segment.savedNone") : t("segment.savedLoading")}</p>;
  const usable = saved.data.segments.filter((s) => listIds.includes(s.listId) && s.segment);
  if (usable.length === 0) return <p className={own.hint}>{t("segment.savedNone")}</p>;
  const listName = (id: number) => context.lists.find((l) => l.id === id)?.name ?? "";
  return (
    <label className={own.choice}>
      {t("segment.saved")}
      <select
        value=""
        onChange={(e) => {
          const picked = usable.find((s) => String(s.id) === e.target.value);
          if (picked?.segment) onPick(picked.segment);
        }}
        data-testid="segment-saved"
      >
        <option value="">{t("segment.savedPick")}</option>
        {usable.map((s) => (
          <option key={s.id} value={s.id}>
            {listIds.length > 1 ? `${s.name} (${listName(s.listId)})` : s.name}
          </option>
        ))}
      </select>
    </label>
  );
}

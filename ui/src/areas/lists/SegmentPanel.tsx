import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { FieldView } from "../../ipc/bindings/FieldView";
import type { Segment } from "../../ipc/bindings/Segment";
import type { SegmentCount } from "../../ipc/bindings/SegmentCount";
import { countSegmentQuery, savedSegmentsQuery, useEditSegment } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { explain } from "../../i18n/explain";
import { useFormat, useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { useToast } from "../../kit/Toast";
import { useDebounced } from "../../kit/useDebounced";
import { ConditionsEditor, MatchSelect, NEW_CONDITION } from "../../letter/ConditionsEditor";
import { SegmentDialogs, type SegmentAsk } from "./SegmentDialogs";
import { conditionFields, countedSegment, differs, type SegmentChoice } from "./segmentFilter";
import own from "./SegmentPanel.module.css";

/** How many of the list the chosen segment holds, read again as the conditions settle; none when nothing narrows. */
export function useSegmentCount(listId: number, choice: SegmentChoice) {
  const which = countedSegment(choice);
  return useQuery({
    ...countSegmentQuery(listId, which ?? { saved: 0 }),
    enabled: which !== null,
    placeholderData: keepPreviousData,
  });
}

const EVERYONE: Segment = { matchAll: true, conditions: [NEW_CONDITION] };

interface SegmentPanelProps {
  listId: number;
  fields: FieldView[];
  choice: SegmentChoice;
  onChoice: (choice: SegmentChoice) => void;
  count: { data?: SegmentCount | null; isFetching: boolean; error: Error | null };
  onClose: () => void;
}

/**
 * Narrows the list's table to the members who match conditions, says how
 * many, and keeps conditions as a named segment; a saved segment is
 * chosen, changed, renamed or deleted here.
 */
export function SegmentPanel({ listId, fields, choice, onChoice, count, onClose }: SegmentPanelProps) {
  const t = useT();
  const format = useFormat();
  const saved = useQuery(savedSegmentsQuery(listId));
  const offered = saved.data?.offered ?? true;
  const segments = saved.data?.segments ?? [];
  const chosen = segments.find((s) => s.id === choice.segment);
  const [draft, setDraft] = useState<Segment>(choice.where ?? chosen?.segment ?? EVERYONE);
  // Conditions reach the table once the user has changed them, and once typing pauses.
  const touched = useRef(choice.where !== undefined);
  const settled = useDebounced(draft, 400);
  const [ask, setAsk] = useState<SegmentAsk | null>(null);
  const toast = useToast();
  const change = useEditSegment();

  // A saved segment chosen before its conditions were read: they fill the editor once they are.
  const shown = useRef(choice.segment);
  useEffect(() => {
    if (chosen?.segment && shown.current === chosen.id && !touched.current) setDraft(chosen.segment);
  }, [chosen]);

  useEffect(() => {
    if (!touched.current) return;
    const where = chosen?.segment && !differs(settled, chosen.segment) ? undefined : settled;
    if (differs(where, choice.where)) onChoice({ segment: choice.segment, where });
  }, [settled, chosen, choice, onChoice]);

  const edit = (segment: Segment) => {
    touched.current = true;
    setDraft(segment);
  };
  const pick = (id: number | undefined) => {
    const next = segments.find((s) => s.id === id);
    touched.current = false;
    shown.current = id;
    setDraft(next?.segment ?? EVERYONE);
    onChoice({ segment: id, where: undefined });
  };
  const edited = chosen?.segment ? differs(draft, chosen.segment) : false;
  const narrowing = countedSegment(choice) !== null;

  return (
    <section className={own.panel} aria-label={t("segments.title")} data-testid="segment-panel">
      <div className={own.head}>
        <h2 className={own.title}>{t("segments.title")}</h2>
        {offered && (
          <label className={own.saved}>
            <span>{t("segments.saved")}</span>
            <select value={choice.segment ?? ""} onChange={(e) => pick(e.target.value ? Number(e.target.value) : undefined)} data-testid="segment-choose">
              <option value="">{t("segments.none")}</option>
              {segments.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {chosen && (
          <>
            <Button variant="link" onClick={() => setAsk({ kind: "rename", segment: chosen })} data-testid="segment-rename">
              {t("segments.rename")}
            </Button>
            <Button variant="link" className={own.danger} onClick={() => setAsk({ kind: "delete", segment: chosen })} data-testid="segment-delete">
              {t("segments.delete")}
            </Button>
          </>
        )}
        <Button variant="ghost" className={own.close} onClick={onClose} data-testid="segment-clear">
          {t("segments.clear")}
        </Button>
      </div>
      {chosen && !chosen.segment ? (
        <p className={own.hint}>{t("segments.unreadable")}</p>
      ) : (
        <>
          <div className={own.match}>
            {t("segments.match")} <MatchSelect segment={draft} onChange={edit} />
          </div>
          <ConditionsEditor segment={draft} onChange={edit} fields={conditionFields(fields)} />
        </>
      )}
      <div className={own.foot}>
        <p className={own.count} aria-live="polite" aria-busy={narrowing && count.isFetching} data-testid="segment-count">
          {!narrowing
            ? t("segments.everyone")
            : count.data === null
              ? t("segments.notCounted")
              : count.data
                ? [
                    t("segments.matching", { count: count.data.matching, countText: format.count(count.data.matching) }),
                    count.data.active !== null ? t("segments.active", { count: count.data.active, countText: format.count(count.data.active) }) : "",
                  ]
                    .filter(Boolean)
                    .join(" · ")
                : t("segments.counting")}
        </p>
        {offered && chosen && edited && (
          <Button
            disabled={change.isPending}
            onClick={() =>
              void change.mutateAsync({ segmentId: chosen.id, name: null, segment: draft }).then(
                (changed) => (toast(t("segments.changed", { name: changed.name })), pick(changed.id)),
                (e) => toast(explain(toDeskError(e), t).title, "error"),
              )
            }
            data-testid="segment-save"
          >
            {change.isPending ? t("common.saving") : t("segments.saveChanges")}
          </Button>
        )}
        {offered && (!chosen || edited) && draft.conditions.length > 0 && (
          <Button variant="primary" onClick={() => setAsk({ kind: "save", conditions: draft })} data-testid="segment-save-new">
            {t("segments.saveNew")}
          </Button>
        )}
      </div>
      {!offered && <p className={own.hint}>{t("segments.notKept")}</p>}
      {count.error && <ErrorNotice error={toDeskError(count.error)} />}
      {ask && <SegmentDialogs ask={ask} listId={listId} onDone={(id) => pick(id)} onClose={() => setAsk(null)} />}
    </section>
  );
}

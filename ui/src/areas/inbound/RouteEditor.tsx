import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ActionForm } from "../../ipc/bindings/ActionForm";
import type { ConditionForm } from "../../ipc/bindings/ConditionForm";
import type { RouteForm } from "../../ipc/bindings/RouteForm";
import type { RuleForm } from "../../ipc/bindings/RuleForm";
import { routePatternCompilesQuery } from "../../ipc/commands";
import { useT, type MessageKey } from "../../i18n/I18n";
import { ActionDialog } from "../../kit/ActionDialog";
import { Button } from "../../kit/Button";
import fieldStyles from "../../kit/Field.module.css";
import { TextField } from "../../kit/Field";
import { useDebounced } from "../../kit/useDebounced";
import { CONDITION_FIELDS, CONDITION_OPS, fieldLabel, opLabel } from "./routeSummary";
import own from "./Inbound.module.css";

/** The most actions a route has (the service's limit). */
const MAX_ACTIONS = 5;

const ACTION_TYPES: { type: ActionForm["type"]; label: MessageKey; hint: MessageKey }[] = [
  { type: "webhook", label: "inbound.action.webhook", hint: "inbound.action.webhookHint" },
  { type: "store", label: "inbound.action.store", hint: "inbound.action.storeHint" },
  { type: "forward", label: "inbound.action.forward", hint: "inbound.action.forwardHint" },
  { type: "stop", label: "inbound.action.stop", hint: "inbound.action.stopHint" },
];

const blankAction = (type: ActionForm["type"]): ActionForm => {
  switch (type) {
    case "webhook":
      return { type, url: "", attachments: "off" };
    case "store":
      return { type, ttlDays: 7, notifyUrl: "" };
    case "forward":
      return { type, email: "" };
    case "stop":
      return { type };
  }
};

const blankCondition: ConditionForm = { field: "recipient", header: "", op: "contains", value: "" };

type RuleKind = RuleForm["kind"];

const RULE_KINDS: { kind: RuleKind; label: MessageKey }[] = [
  { kind: "everything", label: "inbound.editor.rule.everything" },
  { kind: "conditions", label: "inbound.editor.rule.conditions" },
  { kind: "expression", label: "inbound.editor.rule.expression" },
];

/** A route written or changed: which mail it takes (everything, conditions, or an expression) and one to five actions. */
export function RouteEditor({ initial, isNew, onSave, onClose }: { initial: RouteForm; isNew: boolean; onSave: (form: RouteForm) => Promise<void>; onClose: () => void }) {
  const t = useT();
  const [description, setDescription] = useState(initial.description);
  const [active, setActive] = useState(initial.active);
  const [kind, setKind] = useState<RuleKind>(initial.rule.kind);
  const [any, setAny] = useState(initial.rule.kind === "conditions" ? initial.rule.any : false);
  const [conditions, setConditions] = useState<ConditionForm[]>(initial.rule.kind === "conditions" ? initial.rule.conditions : [blankCondition]);
  const [expression, setExpression] = useState(initial.rule.kind === "expression" ? initial.rule.text : "");
  const [actions, setActions] = useState<ActionForm[]>(initial.actions);

  const rule = (): RuleForm => {
    switch (kind) {
      case "everything":
        return { kind };
      case "conditions":
        return { kind, any, conditions };
      case "expression":
        return { kind, text: expression };
    }
  };
  const setCondition = (i: number, c: ConditionForm) => setConditions(conditions.map((old, j) => (j === i ? c : old)));
  const setAction = (i: number, a: ActionForm) => setActions(actions.map((old, j) => (j === i ? a : old)));

  return (
    <ActionDialog
      large
      title={t(isNew ? "inbound.editor.newTitle" : "inbound.editor.editTitle")}
      actionLabel={t("inbound.editor.save")}
      testId="save-route"
      onClose={onClose}
      onRun={() => onSave({ description, active, rule: rule(), actions })}
    >
      <TextField label={t("inbound.editor.description")} hint={t("inbound.editor.descriptionHint")} value={description} onChange={setDescription} autoFocus data-testid="route-description" />
      <label className={own.check}>
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} data-testid="route-active" />
        {t("inbound.editor.active")}
      </label>

      <fieldset className={own.group}>
        <legend>{t("inbound.editor.which")}</legend>
        <div className={own.choices} role="radiogroup">
          {RULE_KINDS.map(({ kind: k, label }) => (
            <label key={k} className={own.choice}>
              <input type="radio" name="route-rule" checked={kind === k} onChange={() => setKind(k)} data-testid={`rule-${k}`} />
              {t(label)}
            </label>
          ))}
        </div>
        {kind === "conditions" && (
          <>
            <label className={own.inline}>
              {t("inbound.editor.combine")}
              <select className={fieldStyles.input} value={any ? "any" : "all"} onChange={(e) => setAny(e.target.value === "any")} data-testid="route-combinator">
                <option value="all">{t("inbound.editor.all")}</option>
                <option value="any">{t("inbound.editor.any")}</option>
              </select>
            </label>
            <ol className={own.rows}>
              {conditions.map((c, i) => (
                <ConditionRow key={i} index={i} condition={c} onChange={(next) => setCondition(i, next)} onRemove={conditions.length > 1 ? () => setConditions(conditions.filter((_, j) => j !== i)) : undefined} />
              ))}
            </ol>
            <div>
              <Button onClick={() => setConditions([...conditions, blankCondition])} data-testid="add-condition">
                {t("inbound.editor.addCondition")}
              </Button>
            </div>
          </>
        )}
        {kind === "expression" && (
          <label className={fieldStyles.field}>
            {t("inbound.editor.expression")}
            <textarea className={[fieldStyles.input, own.expression].join(" ")} value={expression} onChange={(e) => setExpression(e.target.value)} spellCheck={false} data-testid="route-expression" />
            <span className={fieldStyles.hint}>{t("inbound.editor.expressionHint")}</span>
          </label>
        )}
        {kind === "everything" && <p className={own.lead}>{t("inbound.editor.everythingHint")}</p>}
      </fieldset>

      <fieldset className={own.group}>
        <legend>{t("inbound.editor.actions", { count: actions.length, max: MAX_ACTIONS })}</legend>
        <ol className={own.rows}>
          {actions.map((a, i) => (
            <ActionRow key={i} index={i} action={a} onChange={(next) => setAction(i, next)} onRemove={actions.length > 1 ? () => setActions(actions.filter((_, j) => j !== i)) : undefined} />
          ))}
        </ol>
        <div>
          <Button onClick={() => setActions([...actions, blankAction("webhook")])} disabled={actions.length >= MAX_ACTIONS} data-testid="add-action">
            {t("inbound.editor.addAction")}
          </Button>
          {actions.length >= MAX_ACTIONS && <span className={own.note}> {t("inbound.editor.actionsFull", { max: MAX_ACTIONS })}</span>}
        </div>
      </fieldset>
    </ActionDialog>
  );
}

function ConditionRow({ index, condition, onChange, onRemove }: { index: number; condition: ConditionForm; onChange: (c: ConditionForm) => void; onRemove?: () => void }) {
  const t = useT();
  const pattern = useDebounced(condition.op === "matches" ? condition.value : "", 150);
  const check = useQuery({ ...routePatternCompilesQuery(pattern), enabled: pattern !== "" });
  // Judged only once the check has caught up with what is typed.
  const judged = condition.op === "matches" && condition.value !== "" && pattern === condition.value && check.data !== undefined;
  const wrong = judged && check.data === false;
  const n = index + 1;
  return (
    <li className={own.row} data-testid="condition-row">
      <select className={fieldStyles.input} aria-label={t("inbound.editor.conditionField", { n })} value={condition.field} onChange={(e) => onChange({ ...condition, field: e.target.value as ConditionForm["field"] })} data-testid="condition-field">
        {CONDITION_FIELDS.map((f) => (
          <option key={f} value={f}>
            {t(fieldLabel(f))}
          </option>
        ))}
      </select>
      {condition.field === "header" && (
        <input className={[fieldStyles.input, own.header].join(" ")} aria-label={t("inbound.editor.headerName", { n })} placeholder={t("inbound.editor.headerPlaceholder")} value={condition.header} onChange={(e) => onChange({ ...condition, header: e.target.value })} data-testid="condition-header" />
      )}
      <select className={fieldStyles.input} aria-label={t("inbound.editor.conditionOp", { n })} value={condition.op} onChange={(e) => onChange({ ...condition, op: e.target.value as ConditionForm["op"] })} data-testid="condition-op">
        {CONDITION_OPS.map((o) => (
          <option key={o} value={o}>
            {t(opLabel(o))}
          </option>
        ))}
      </select>
      <div className={own.valueCell}>
        <input
          className={[fieldStyles.input, own.value, wrong ? own.invalid : ""].join(" ")}
          aria-label={t("inbound.editor.conditionValue", { n })}
          aria-invalid={wrong}
          spellCheck={false}
          value={condition.value}
          onChange={(e) => onChange({ ...condition, value: e.target.value })}
          data-testid="condition-value"
        />
        {judged && (
          <span className={wrong ? own.bad : own.good} role={wrong ? "alert" : undefined} data-testid="pattern-check" data-valid={!wrong}>
            {t(wrong ? "inbound.editor.patternWrong" : "inbound.editor.patternRight")}
          </span>
        )}
      </div>
      {onRemove && (
        <Button variant="link" onClick={onRemove} aria-label={t("inbound.editor.removeCondition", { n })} data-testid="remove-condition">
          ✕
        </Button>
      )}
    </li>
  );
}

function ActionRow({ index, action, onChange, onRemove }: { index: number; action: ActionForm; onChange: (a: ActionForm) => void; onRemove?: () => void }) {
  const t = useT();
  const n = index + 1;
  const kind = ACTION_TYPES.find((k) => k.type === action.type);
  return (
    <li className={own.actionRow} data-testid="action-row" data-type={action.type}>
      <div className={own.row}>
        <span className={own.position}>{n}</span>
        <select className={fieldStyles.input} aria-label={t("inbound.editor.actionType", { n })} value={action.type} onChange={(e) => onChange(blankAction(e.target.value as ActionForm["type"]))} data-testid="action-type">
          {ACTION_TYPES.map((k) => (
            <option key={k.type} value={k.type}>
              {t(k.label)}
            </option>
          ))}
        </select>
        {action.type === "webhook" && (
          <>
            <input className={[fieldStyles.input, own.value].join(" ")} type="url" aria-label={t("inbound.editor.webhookUrl", { n })} placeholder="https://" value={action.url} onChange={(e) => onChange({ ...action, url: e.target.value })} data-testid="action-url" />
            <select className={fieldStyles.input} aria-label={t("inbound.editor.attachments", { n })} value={action.attachments} onChange={(e) => onChange({ ...action, attachments: e.target.value as typeof action.attachments })} data-testid="action-attachments">
              <option value="off">{t("inbound.editor.attachmentsOff")}</option>
              <option value="url">{t("inbound.editor.attachmentsUrl")}</option>
              <option value="inline">{t("inbound.editor.attachmentsInline")}</option>
            </select>
          </>
        )}
        {action.type === "store" && (
          <>
            <label className={own.inline}>
              {t("inbound.editor.keepDays")}
              <input className={[fieldStyles.input, own.days].join(" ")} type="number" min={1} max={30} value={action.ttlDays} onChange={(e) => onChange({ ...action, ttlDays: Number(e.target.value) })} data-testid="action-days" />
            </label>
            <input className={[fieldStyles.input, own.value].join(" ")} type="url" aria-label={t("inbound.editor.notifyUrl", { n })} placeholder={t("inbound.editor.notifyPlaceholder")} value={action.notifyUrl} onChange={(e) => onChange({ ...action, notifyUrl: e.target.value })} data-testid="action-notify" />
          </>
        )}
        {action.type === "forward" && (
          <input className={[fieldStyles.input, own.value].join(" ")} type="email" aria-label={t("inbound.editor.forwardTo", { n })} placeholder={t("inbound.editor.forwardPlaceholder")} value={action.email} onChange={(e) => onChange({ ...action, email: e.target.value })} data-testid="action-email" />
        )}
        {onRemove && (
          <Button variant="link" onClick={onRemove} aria-label={t("inbound.editor.removeAction", { n })} data-testid="remove-action">
            ✕
          </Button>
        )}
      </div>
      {kind && <p className={own.note}>{t(kind.hint)}</p>}
    </li>
  );
}

import type { ActionForm } from "../../ipc/bindings/ActionForm";
import type { ConditionForm } from "../../ipc/bindings/ConditionForm";
import type { RuleForm } from "../../ipc/bindings/RuleForm";
import type { MessageKey, MessageValues } from "../../i18n/I18n";

type TFunction = (key: MessageKey, values?: MessageValues) => string;

const FIELDS: Record<ConditionForm["field"], MessageKey> = {
  recipient: "inbound.field.recipient",
  from: "inbound.field.from",
  sender: "inbound.field.sender",
  header: "inbound.field.header",
};

const OPS: Record<ConditionForm["op"], MessageKey> = {
  matches: "inbound.op.matches",
  equals: "inbound.op.equals",
  contains: "inbound.op.contains",
};

export const CONDITION_FIELDS = Object.keys(FIELDS) as ConditionForm["field"][];
export const CONDITION_OPS = Object.keys(OPS) as ConditionForm["op"][];
export const fieldLabel = (field: ConditionForm["field"]) => FIELDS[field];
export const opLabel = (op: ConditionForm["op"]) => OPS[op];

/** One condition in words: «From matches “@shop\.ru$”», «Header X-Tag contains “vip”». */
export function conditionInWords(c: ConditionForm, t: TFunction): string {
  const field = c.field === "header" ? t("inbound.field.headerNamed", { name: c.header }) : t(FIELDS[c.field]);
  return t("inbound.condition.words", { field, op: t(OPS[c.op]), value: c.value });
}

/** What a route accepts, in one line. */
export function ruleInWords(rule: RuleForm, t: TFunction): string {
  switch (rule.kind) {
    case "everything":
      return t("inbound.rule.everything");
    case "expression":
      return rule.text;
    case "conditions": {
      const joiner = ` ${t(rule.any ? "inbound.rule.or" : "inbound.rule.and")} `;
      return rule.conditions.map((c) => conditionInWords(c, t)).join(joiner);
    }
  }
}

/** One action, in a few words. */
export function actionInWords(action: ActionForm, t: TFunction): string {
  switch (action.type) {
    case "webhook":
      return t("inbound.action.webhookTo", { url: action.url });
    case "store":
      return t("inbound.action.storeFor", { days: action.ttlDays });
    case "forward":
      return t("inbound.action.forwardTo", { email: action.email });
    case "stop":
      return t("inbound.action.stopHere");
  }
}

/** `order` with the item at `from` moved to `to`. */
export function moved<T>(order: readonly T[], from: number, to: number): T[] {
  const next = [...order];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length || from === to) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

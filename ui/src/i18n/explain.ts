import type { Action } from "../ipc/bindings/Action";
import type { AddressProblem } from "../ipc/bindings/AddressProblem";
import type { CampaignState } from "../ipc/bindings/CampaignState";
import type { DeskError } from "../ipc/bindings/DeskError";
import type { FormField } from "../ipc/bindings/FormField";
import type { UnderWay } from "../ipc/bindings/UnderWay";
import type { MessageKey, MessageValues } from "./I18n";

type T = (key: MessageKey, values?: MessageValues) => string;

/** An error as the user reads it: what failed, why, what to do. */
export interface Explanation {
  title: string;
  reason: string;
  advice: string;
  /** "Service code 5 · HTTP 404", when the service answered. */
  code: string | null;
  /** Technical detail, small print. */
  detail: string | null;
}

/** The words for an action are found by its code: a code without words in the catalogues does not type-check. */
const actionKey = (code: Action): MessageKey => `action.${code}`;

/** The words for a form field are found by its code: a code without words in the catalogues does not type-check. */
const fieldKey = (code: FormField): MessageKey => `field.${code}`;

/** Where a campaign is in its life, as the user reads it. */
export const CAMPAIGN_STATES: Record<CampaignState, MessageKey> = {
  draft: "campaigns.state.draft",
  moderating: "campaigns.state.moderating",
  needsFix: "campaigns.state.needsFix",
  scheduled: "campaigns.state.scheduled",
  sending: "campaigns.state.sending",
  paused: "campaigns.state.paused",
  sent: "campaigns.state.sent",
  blocked: "campaigns.state.blocked",
};

/**
 * What to look at after a write whose answer was lost, for writes that send
 * mail: trying again blindly could send twice, so the user is told where to
 * check first. Other writes share the general words.
 */
const CHECK_BEFORE_AGAIN: Partial<Record<Action, MessageKey>> = {
  sendTest: "error.outcomeUnknown.reason.sendTest",
  resendCampaign: "error.outcomeUnknown.reason.resendCampaign",
  triggerAutomation: "error.outcomeUnknown.reason.triggerAutomation",
  launchCampaign: "error.outcomeUnknown.reason.launchCampaign",
};

/** Why a write read back after its answer was lost was not done, and what the service shows. */
function notDone(error: Extract<DeskError, { code: "notDone" }>, t: T): Pick<Explanation, "reason" | "advice"> {
  if (!error.state) return { reason: t("error.notDone.reason"), advice: t("error.notDone.advice") };
  const state = t(CAMPAIGN_STATES[error.state]);
  return {
    reason: error.deliveryTime
      ? t("error.notDone.campaignAt", { state, when: new Date(error.deliveryTime) })
      : t("error.notDone.campaign", { state }),
    advice: t(error.state === "needsFix" ? "error.notDone.needsFix" : "error.notDone.campaignAdvice"),
  };
}

/** The words for an address problem are found by its code: a code without words in the catalogues does not type-check. */
const addressProblemKey = (code: AddressProblem): MessageKey => `error.address.${code}`;

/** The service's codes the app can explain; others show the service's own message. */
const SERVICE_CODES: Record<number, [MessageKey, MessageKey]> = {
  2: ["service.2.reason", "service.2.advice"],
  3: ["service.3.reason", "service.3.advice"],
  4: ["service.4.reason", "service.4.advice"],
  5: ["service.5.reason", "service.5.advice"],
  6: ["service.6.reason", "service.6.advice"],
  7: ["service.7.reason", "service.7.advice"],
  8: ["service.8.reason", "service.8.advice"],
  9: ["service.9.reason", "service.9.advice"],
  10: ["service.10.reason", "service.10.advice"],
  11: ["service.11.reason", "service.11.advice"],
  13: ["service.13.reason", "service.13.advice"],
  14: ["service.14.reason", "service.14.advice"],
  15: ["service.15.reason", "service.15.advice"],
  16: ["service.16.reason", "service.16.advice"],
  17: ["service.17.reason", "service.17.advice"],
  18: ["service.18.reason", "service.18.advice"],
  19: ["service.19.reason", "service.19.advice"],
  20: ["service.20.reason", "service.20.advice"],
  21: ["service.21.reason", "service.21.advice"],
  22: ["service.22.reason", "service.22.advice"],
  28: ["service.28.reason", "service.28.advice"],
  34: ["service.34.reason", "service.34.advice"],
  37: ["service.37.reason", "service.37.advice"],
  1001: ["service.1001.reason", "service.1001.advice"],
};

/** Each kind of work under way, as said. */
const UNDER_WAY: Record<keyof UnderWay, MessageKey> = {
  sends: "underWay.sends",
  changes: "underWay.changes",
  imports: "underWay.imports",
  exports: "underWay.exports",
};

/** What is under way that closing the app would end, as one sentence ("An import is running; 2 sends are waiting…"). */
export function sayUnderWay(underWay: UnderWay, t: T): string {
  const parts = (Object.keys(UNDER_WAY) as (keyof UnderWay)[])
    .filter((kind) => underWay[kind] > 0)
    .map((kind) => t(UNDER_WAY[kind], { count: underWay[kind] }));
  const said = parts.join("; ");
  return said.charAt(0).toUpperCase() + said.slice(1);
}

/** Whether an action only reads from the service, by its name: "load…", "count…". */
export function reads(action: Action): boolean {
  return /^(load|count)[A-Z]/.test(action);
}

/**
 * What an area says of one of its own failures (see `DeskError`'s `inArea`),
 * with the failure's technical detail when it has one.
 */
export type Said = Pick<Explanation, "title" | "reason" | "advice"> & { detail?: string | null };

/**
 * How an area says its own failures, `failure` being one of its own codes
 * (the area's `…Failure` type). A method, so that an area's own type
 * stands for the code every area's has.
 */
export interface FailureWords {
  say(failure: { code: string }, t: T): Said;
}

const areaFailures = new Map<string, FailureWords>();

/** The area `area` says its own failures so. */
export function sayFailuresOf(area: string, words: FailureWords) {
  areaFailures.set(area, words);
}

export function explain(error: DeskError, t: T): Explanation {
  const could = (action: Action) => t("error.couldNot", { action: t(actionKey(action)) });
  const code = (serviceCode: number, status: number) => t("error.codeLine", { serviceCode, status });
  const plain = (title: string, reason: MessageKey, advice: MessageKey, values?: MessageValues): Explanation => ({
    title,
    reason: t(reason, values),
    advice: t(advice, values),
    code: null,
    detail: null,
  });
  switch (error.code) {
    case "refused": {
      const known = SERVICE_CODES[error.serviceCode];
      return {
        title: could(error.action),
        reason: known ? t(known[0]) : error.serviceMessage,
        advice: known ? t(known[1]) : t("error.refused.advice"),
        code: code(error.serviceCode, error.status),
        detail: null,
      };
    }
    case "keyRefused":
      return { ...plain(could(error.action), "error.keyRefused.reason", "error.keyRefused.advice"), code: code(error.serviceCode, error.status) };
    case "throttled":
      // A read is tried again by itself once the wait is over (the query
      // cache refetches it); a change never is, the user sends it again.
      return plain(could(error.action), "error.throttled.reason", reads(error.action) ? "error.throttled.advice" : "error.throttled.adviceChange", {
        seconds: error.retryAfter,
      });
    case "serviceFailing":
      return { ...plain(could(error.action), "error.serviceFailing.reason", "error.serviceFailing.advice"), code: code(error.serviceCode, error.status) };
    case "unreachable":
      return { ...plain(could(error.action), "error.unreachable.reason", "error.unreachable.advice"), detail: error.detail };
    case "timedOut":
      return plain(could(error.action), "error.timedOut.reason", "error.timedOut.advice");
    case "outcomeUnknown":
      return {
        ...plain(t("error.outcomeUnknown.title", { action: t(actionKey(error.action)) }), CHECK_BEFORE_AGAIN[error.action] ?? "error.outcomeUnknown.reason", "error.outcomeUnknown.advice"),
        detail: error.detail,
      };
    case "notDone":
      return { title: could(error.action), ...notDone(error, t), code: null, detail: null };
    case "notOffered":
      return plain(t("error.notOffered.title", { action: t(actionKey(error.action)) }), "error.notOffered.reason", "error.notOffered.advice");
    case "unreadableAnswer":
      return { ...plain(could(error.action), "error.unreadableAnswer.reason", "error.unreadableAnswer.advice"), detail: error.detail };
    case "endlessPaging":
      return plain(could(error.action), "error.endlessPaging.reason", "error.endlessPaging.advice", { read: error.read });
    case "addressRefused":
      return plain(t("error.address.title"), addressProblemKey(error.problem), "error.address.advice");
    case "required":
      return plain(t("error.required.title", { field: t(fieldKey(error.field)) }), "error.required.reason", "error.required.advice");
    case "tooLong":
      return plain(t("error.tooLong.title", { field: t(fieldKey(error.field)) }), "error.tooLong.reason", "error.tooLong.advice", { max: error.max });
    case "notAnAddress":
      return plain(t("error.notAnAddress.title", { field: t(fieldKey(error.field)) }), "error.notAnAddress.reason", "error.notAnAddress.advice");
    case "accountMissing":
      return plain(t("error.accountMissing.title"), "error.accountMissing.reason", "error.accountMissing.advice");
    case "badArguments":
      return { ...plain(t("error.badArguments.title"), "error.badArguments.reason", "error.badArguments.advice"), detail: `${error.command}: ${error.detail}` };
    case "keyNotForThisAddress":
      return plain(t("error.keyNotForThisAddress.title"), "error.keyNotForThisAddress.reason", "error.keyNotForThisAddress.advice");
    case "keyMissing":
      return plain(t("error.keyMissing.title"), "error.keyMissing.reason", "error.keyMissing.advice");
    case "keyringUnavailable":
      return { ...plain(t("error.keyring.title"), "error.keyring.reason", "error.keyring.advice"), detail: error.detail };
    case "noAccountOpen":
      return plain(t("error.noAccountOpen.title"), "error.noAccountOpen.reason", "error.noAccountOpen.advice");
    case "storageFailed":
      return { ...plain(could(error.action), "error.storage.reason", "error.storage.advice", { path: error.path }), detail: error.detail };
    case "cancelled":
      return plain(t("error.cancelled.title"), "error.cancelled.reason", "error.cancelled.advice");
    case "linkRefused":
      return plain(t("error.linkRefused.title"), "error.linkRefused.reason", "error.linkRefused.advice");
    case "linkNotOpened":
      return { ...plain(t("error.linkNotOpened.title"), "error.linkNotOpened.reason", "error.linkNotOpened.advice"), detail: error.detail };
    case "inArea": {
      const said = areaFailures.get(error.area)?.say(error.failure, t);
      const detail = `${error.area}: ${error.failure.code}`;
      return said ? { ...said, code: null, detail: said.detail ?? null } : { ...plain(t("error.internal.title"), "error.internal.reason", "error.internal.advice"), detail };
    }
    case "demoFailed":
      return { ...plain(t("error.demoFailed.title"), "error.demoFailed.reason", "error.demoFailed.advice"), detail: error.detail };
    case "internal":
      return { ...plain(t("error.internal.title"), "error.internal.reason", "error.internal.advice"), detail: error.detail };
  }
}

import type { InboundFailure } from "../../ipc/bindings/InboundFailure";
import type { FailureWords } from "../../i18n/explain";

/** The failures only inbound processing has, in its words. */
export const inboundFailures: FailureWords = {
  say(failure: InboundFailure, t) {
    switch (failure.code) {
      case "readOnly":
        return { title: t("inbound.failure.readOnly.title"), reason: t("inbound.failure.readOnly.reason"), advice: t("inbound.failure.readOnly.advice") };
      case "domainInvalid":
        return { title: t("inbound.failure.domainInvalid.title"), reason: t("inbound.failure.domainInvalid.reason"), advice: t("inbound.failure.domainInvalid.advice") };
      case "domainTaken":
        return { title: t("inbound.failure.domainTaken.title"), reason: t("inbound.failure.domainTaken.reason"), advice: t("inbound.failure.domainTaken.advice") };
      case "serviceDomainStays":
        return { title: t("inbound.failure.serviceDomainStays.title"), reason: t("inbound.failure.serviceDomainStays.reason"), advice: t("inbound.failure.serviceDomainStays.advice") };
      case "headerNameMissing":
        return { title: t("inbound.failure.headerNameMissing.title", { n: failure.condition }), reason: t("inbound.failure.headerNameMissing.reason"), advice: t("inbound.failure.headerNameMissing.advice") };
      case "valueMissing":
        return { title: t("inbound.failure.valueMissing.title", { n: failure.condition }), reason: t("inbound.failure.valueMissing.reason"), advice: t("inbound.failure.valueMissing.advice") };
      case "patternInvalid":
        return { title: t("inbound.failure.patternInvalid.title", { n: failure.condition }), reason: t("inbound.failure.patternInvalid.reason"), advice: t("inbound.failure.patternInvalid.advice") };
      case "expressionMissing":
        return { title: t("inbound.failure.expressionMissing.title"), reason: t("inbound.failure.expressionMissing.reason"), advice: t("inbound.failure.expressionMissing.advice") };
      case "actionsCount":
        return { title: t("inbound.failure.actionsCount.title"), reason: t("inbound.failure.actionsCount.reason", { count: failure.count }), advice: t("inbound.failure.actionsCount.advice") };
      case "urlNotWeb":
        return { title: t("inbound.failure.urlNotWeb.title", { n: failure.action }), reason: t("inbound.failure.urlNotWeb.reason"), advice: t("inbound.failure.urlNotWeb.advice") };
      case "keepDaysOutOfRange":
        return { title: t("inbound.failure.keepDaysOutOfRange.title", { n: failure.action }), reason: t("inbound.failure.keepDaysOutOfRange.reason"), advice: t("inbound.failure.keepDaysOutOfRange.advice") };
      case "forwardNeedsPaidPlan":
        return { title: t("inbound.failure.forwardNeedsPaidPlan.title"), reason: t("inbound.failure.forwardNeedsPaidPlan.reason"), advice: t("inbound.failure.forwardNeedsPaidPlan.advice") };
      case "forwardNeedsSendingDomain":
        return { title: t("inbound.failure.forwardNeedsSendingDomain.title"), reason: t("inbound.failure.forwardNeedsSendingDomain.reason"), advice: t("inbound.failure.forwardNeedsSendingDomain.advice") };
    }
  },
};

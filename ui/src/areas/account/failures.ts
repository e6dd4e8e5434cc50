import type { AccountFailure } from "../../ipc/bindings/AccountFailure";
import type { FailureWords } from "../../i18n/explain";

/** The failures only the account has, in its words. */
export const accountFailures: FailureWords = {
  say(failure: AccountFailure, t) {
    switch (failure.code) {
      case "codeWrong":
        return { title: t("account.failure.codeWrong.title"), reason: t("account.failure.codeWrong.reason"), advice: t("account.failure.codeWrong.advice") };
      case "domainInvalid":
        return { title: t("account.failure.domainInvalid.title"), reason: t("account.failure.domainInvalid.reason"), advice: t("account.failure.domainInvalid.advice") };
      case "domainPublic":
        return { title: t("account.failure.domainPublic.title"), reason: t("account.failure.domainPublic.reason"), advice: t("account.failure.domainPublic.advice") };
      case "domainTaken":
        return { title: t("account.failure.domainTaken.title"), reason: t("account.failure.domainTaken.reason"), advice: t("account.failure.domainTaken.advice") };
      case "webhookUrlNotWeb":
        return { title: t("account.failure.webhookUrlNotWeb.title"), reason: t("account.failure.webhookUrlNotWeb.reason"), advice: t("account.failure.webhookUrlNotWeb.advice") };
    }
  },
};

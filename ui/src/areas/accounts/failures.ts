import type { AccountsFailure } from "../../ipc/bindings/AccountsFailure";
import type { FailureWords } from "../../i18n/explain";

/** The failures only the accounts have, in the accounts' words. */
export const accountsFailures: FailureWords = {
  say(failure: AccountsFailure, t) {
    switch (failure.code) {
      case "keyNeededForNewAddress":
        return {
          title: t("accounts.failure.keyNeededForNewAddress.title"),
          reason: t("accounts.failure.keyNeededForNewAddress.reason"),
          advice: t("accounts.failure.keyNeededForNewAddress.advice"),
        };
      case "idRefused":
        return {
          title: t("accounts.failure.idRefused.title"),
          reason: t("accounts.failure.idRefused.reason"),
          advice: t("accounts.failure.idRefused.advice"),
        };
      case "demoReadOnly":
        return {
          title: t("accounts.failure.demoReadOnly.title"),
          reason: t("accounts.failure.demoReadOnly.reason"),
          advice: t("accounts.failure.demoReadOnly.advice"),
        };
    }
  },
};

import type { UpdatesFailure } from "../../ipc/bindings/UpdatesFailure";
import { sayUnderWay, type FailureWords } from "../../i18n/explain";

/** The failures only the updates have, in the updates' words. */
export const updatesFailures: FailureWords = {
  say(failure: UpdatesFailure, t) {
    switch (failure.code) {
      case "notOffered":
        return {
          title: t("updates.failure.notOffered.title"),
          reason: t("updates.failure.notOffered.reason"),
          advice: t("updates.failure.notOffered.advice"),
        };
      case "waitsForWork": {
        const values = { running: sayUnderWay(failure.underWay, t) };
        return {
          title: t("updates.failure.waitsForWork.title"),
          reason: t("updates.failure.waitsForWork.reason", values),
          advice: t("updates.failure.waitsForWork.advice", values),
        };
      }
      case "checkFailed":
        return {
          title: t("updates.failure.checkFailed.title"),
          reason: t("updates.failure.checkFailed.reason"),
          advice: t("updates.failure.checkFailed.advice"),
          detail: failure.detail,
        };
      case "unavailable":
        return {
          title: t("updates.failure.unavailable.title"),
          reason: t("updates.failure.unavailable.reason"),
          advice: t("updates.failure.unavailable.advice"),
          detail: failure.detail,
        };
      case "tooLarge": {
        const values = { limit: failure.limitMib };
        return {
          title: t("updates.failure.tooLarge.title"),
          reason: t("updates.failure.tooLarge.reason", values),
          advice: t("updates.failure.tooLarge.advice", values),
        };
      }
      case "signatureRefused":
        return {
          title: t("updates.failure.signatureRefused.title"),
          reason: t("updates.failure.signatureRefused.reason"),
          advice: t("updates.failure.signatureRefused.advice"),
          detail: failure.detail,
        };
      case "notInstalled":
        return {
          title: t("updates.failure.notInstalled.title"),
          reason: t("updates.failure.notInstalled.reason"),
          advice: t("updates.failure.notInstalled.advice"),
          detail: failure.detail,
        };
    }
  },
};

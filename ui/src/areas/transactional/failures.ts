import type { MessageFailure } from "../../ipc/bindings/MessageFailure";
import type { FailureWords } from "../../i18n/explain";

/** The failures only single messages have, in their words. */
export const transactionalFailures: FailureWords = {
  say(failure: MessageFailure, t) {
    switch (failure.code) {
      case "attachmentsTooLarge":
        return {
          title: t("transactional.failure.attachmentsTooLarge.title"),
          reason: t("transactional.failure.attachmentsTooLarge.reason", { maxMb: failure.maxMb }),
          advice: t("transactional.failure.attachmentsTooLarge.advice"),
        };
      case "attachmentUnreadable":
        return {
          title: t("transactional.failure.attachmentUnreadable.title", { name: failure.name }),
          reason: t("transactional.failure.attachmentUnreadable.reason"),
          advice: t("transactional.failure.attachmentUnreadable.advice"),
        };
    }
  },
};

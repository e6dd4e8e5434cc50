import type { AutomationsFailure } from "../../ipc/bindings/AutomationsFailure";
import type { FailureWords } from "../../i18n/explain";
import { TRIGGER_EVENTS } from "./describe";

/** The failures only the automations have, in their words. */
export const automationsFailures: FailureWords = {
  say(failure: AutomationsFailure, t) {
    switch (failure.code) {
      case "eventAlone": {
        const values = { event: t(TRIGGER_EVENTS[failure.event]) };
        return {
          title: t("automations.failure.eventAlone.title", values),
          reason: t("automations.failure.eventAlone.reason", values),
          advice: t("automations.failure.eventAlone.advice", values),
        };
      }
    }
  },
};

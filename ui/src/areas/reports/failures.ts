import type { ReportsFailure } from "../../ipc/bindings/ReportsFailure";
import type { FailureWords } from "../../i18n/explain";

/** The failures only the reports have, in their words. */
export const reportsFailures: FailureWords = {
  say(failure: ReportsFailure, t) {
    switch (failure.code) {
      case "compareCount": {
        const values = { min: failure.min, max: failure.max };
        return {
          title: t("reports.failure.compareCount.title", values),
          reason: t("reports.failure.compareCount.reason", values),
          advice: t("reports.failure.compareCount.advice", values),
        };
      }
    }
  },
};

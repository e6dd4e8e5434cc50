import type { DiagnosticsFailure } from "../../ipc/bindings/DiagnosticsFailure";
import type { FailureWords } from "../../i18n/explain";

/** The failures only the diagnostics have, in the diagnostics' words, with the system's detail. */
export const diagnosticsFailures: FailureWords = {
  say(failure: DiagnosticsFailure, t) {
    switch (failure.code) {
      case "logFolderNotOpened":
        return {
          title: t("diagnostics.failure.logFolderNotOpened.title"),
          reason: t("diagnostics.failure.logFolderNotOpened.reason"),
          advice: t("diagnostics.failure.logFolderNotOpened.advice"),
          detail: failure.detail,
        };
      case "clipboardUnavailable":
        return {
          title: t("diagnostics.failure.clipboardUnavailable.title"),
          reason: t("diagnostics.failure.clipboardUnavailable.reason"),
          advice: t("diagnostics.failure.clipboardUnavailable.advice"),
          detail: failure.detail,
        };
    }
  },
};

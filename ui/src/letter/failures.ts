import type { LetterFailure } from "../ipc/bindings/LetterFailure";
import type { FailureWords } from "../i18n/explain";

/** The failures only a letter has, in the letter's words, under whichever area writes it. */
export const letterFailures: FailureWords = {
  say(failure: LetterFailure, t) {
    switch (failure.code) {
      case "unrenderable": {
        const values = {
          problem: t(`blocks.problem.${failure.problem}`),
          where: failure.inner
            ? t("blocks.where.inner", { block: failure.block ?? 0, column: failure.inner[0], inner: failure.inner[1] })
            : failure.block
              ? t("blocks.where.block", { block: failure.block })
              : "",
        };
        return {
          title: t("letter.failure.unrenderable.title"),
          reason: t("letter.failure.unrenderable.reason", values),
          advice: t("letter.failure.unrenderable.advice", values),
        };
      }
    }
  },
};

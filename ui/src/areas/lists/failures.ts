import type { DeskError } from "../../ipc/bindings/DeskError";
import type { ImportFailure } from "../../ipc/bindings/ImportFailure";
import type { ListsFailure } from "../../ipc/bindings/ListsFailure";
import type { ValueProblem } from "../../ipc/bindings/ValueProblem";
import type { VariableProblem } from "../../ipc/bindings/VariableProblem";
import type { FailureWords } from "../../i18n/explain";
import type { MessageKey } from "../../i18n/I18n";

/** Why a list's field refused a value, found by its code. */
const valueProblemKey = (problem: ValueProblem, part: "title" | "reason"): MessageKey => `lists.failure.valueRefused.${problem}.${part}`;

/** Why a field's template variable is refused, found by its code: the fields' form says it as the name is typed. */
export const variableProblemKey = (problem: VariableProblem): MessageKey => `lists.failure.variableRefused.${problem}`;

/** The failures only the lists have, in their words. */
export const listsFailures: FailureWords = {
  say(failure: ListsFailure, t) {
    switch (failure.code) {
      case "valueRefused":
        return {
          title: t(valueProblemKey(failure.problem, "title"), { title: failure.title }),
          reason: t(valueProblemKey(failure.problem, "reason")),
          advice: t("lists.failure.valueRefused.advice"),
        };
      case "variableRefused":
        return {
          title: t("lists.failure.variableRefused.title"),
          reason: t(variableProblemKey(failure.problem)),
          advice: t("lists.failure.variableRefused.advice"),
        };
      case "chosenChanged": {
        const values = { confirmed: failure.confirmed, found: failure.found };
        return {
          title: t("lists.failure.chosenChanged.title"),
          reason: t("lists.failure.chosenChanged.reason", values),
          advice: t("lists.failure.chosenChanged.advice", values),
        };
      }
    }
  },
};

/** The failures only the lists' import has (the desk's `import`, a part of the lists), in the lists' words. */
export const importFailures: FailureWords = {
  say(failure: ImportFailure, t) {
    switch (failure.code) {
      case "fileRefused":
        return {
          title: t("import.failure.fileRefused.title"),
          reason: t(`import.failure.fileRefused.${failure.problem}`),
          advice: t("import.failure.fileRefused.advice"),
          detail: failure.detail || null,
        };
      case "fileLimit": {
        // Sizes cross in bytes and are said in megabytes.
        const inMegabytes = failure.limit === "fileSize" || failure.limit === "unpacked";
        const values = { max: inMegabytes ? Math.floor(failure.max / 1048576) : failure.max, row: failure.row ?? 0 };
        return {
          title: t("import.failure.fileLimit.title"),
          reason: t(`import.failure.fileLimit.${failure.limit}`, values),
          advice: t("import.failure.fileLimit.advice", values),
        };
      }
    }
  },
};

/** The lists' own failure, when `error` is one. */
export function listsFailure(error: DeskError): ListsFailure | null {
  return error.code === "inArea" && error.area === "lists" ? (error.failure as ListsFailure) : null;
}

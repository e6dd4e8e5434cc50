import type { SlashOrder } from "../../ipc/bindings/SlashOrder";
import { useT } from "../../i18n/I18n";
import type { DateQuestion } from "./importDates";
import own from "./ImportDialog.module.css";

/** A column's slashed dates read either way (03/04/2024): which part is the day, asked for that column, never guessed. */
export function DateOrderQuestion({ question, answer, onAnswer, unanswered }: { question: DateQuestion; answer: SlashOrder | null; onAnswer: (order: SlashOrder) => void; unanswered: boolean }) {
  const t = useT();
  return (
    <fieldset className={own.fieldset} data-testid="import-date-order" data-column={question.column}>
      <legend className={own.heading}>{t("import.dates.question", { example: question.example, column: question.column })}</legend>
      {(["dayFirst", "monthFirst"] as const).map((order) => (
        <label key={order} className={own.check}>
          <input type="radio" name={`date-order-${question.fieldId}`} checked={answer === order} onChange={() => onAnswer(order)} data-testid={`import-date-${order}`} />
          {t(order === "dayFirst" ? "import.dates.dayFirst" : "import.dates.monthFirst")}
        </label>
      ))}
      {unanswered && (
        <p className={own.note} role="alert" data-testid="import-date-unanswered">
          {t("import.dates.unanswered")}
        </p>
      )}
    </fieldset>
  );
}

import { useState } from "react";
import type { CsvSeparator } from "../ipc/bindings/CsvSeparator";
import type { Locale } from "../i18n/locale";

// The name it was first stored under (by the reports), so a choice made then holds.
const KEY = "reports.csvSeparator";

/**
 * The separator Excel expects in the language: where the decimal mark is a
 * comma (Russian), a comma-separated file opens as one column, so `;`.
 */
export function separatorFor(locale: Locale): CsvSeparator {
  return locale === "ru" ? "semicolon" : "comma";
}

/** The separator CSV exports use: the reader's own choice, remembered on this computer, else the language's. */
export function useCsvSeparator(locale: Locale): [CsvSeparator, (separator: CsvSeparator) => void] {
  const [chosen, setChosen] = useState(() => localStorage.getItem(KEY));
  const separator: CsvSeparator = chosen === "comma" || chosen === "semicolon" ? chosen : separatorFor(locale);
  const choose = (next: CsvSeparator) => {
    localStorage.setItem(KEY, next);
    setChosen(next);
  };
  return [separator, choose];
}

import { useEffect } from "react";
import { setLanguage } from "../ipc/commands";
import { useLocale } from "../i18n/I18n";

/** The app's native menus speak the page's language: told at start and on every switch. */
export function ShellLanguage() {
  const { locale } = useLocale();
  useEffect(() => void setLanguage(locale).catch(() => {}), [locale]);
  return null;
}

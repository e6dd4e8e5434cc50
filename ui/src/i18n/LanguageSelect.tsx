import { LOCALES, type Locale } from "./locale";
import { useLocale, useT } from "./I18n";

/** Each language named in itself, so anyone can find their own. */
const LANGUAGE_NAMES: Record<Locale, string> = { ru: "Русский", en: "English" };

export function LanguageSelect({ className }: { className?: string }) {
  const t = useT();
  const { locale, setLocale } = useLocale();
  return (
    <select
      className={className}
      aria-label={t("app.language")}
      value={locale}
      onChange={(e) => setLocale(e.target.value as Locale)}
      data-testid="language"
    >
      {LOCALES.map((l) => (
        <option key={l} value={l}>
          {LANGUAGE_NAMES[l]}
        </option>
      ))}
    </select>
  );
}

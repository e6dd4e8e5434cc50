import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { IntlProvider, useIntl } from "react-intl";
import { catalogue, loadCatalogue, type MessageKey } from "./catalogues";
import { initialLocale, rememberLocale, type Locale } from "./locale";

export type { MessageKey };
export type MessageValues = Record<string, string | number | Date | null | undefined>;

interface LocaleState {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

const LocaleContext = createContext<LocaleState>({ locale: "en", setLocale: () => {} });

/**
 * The language shown. Its catalogue is loaded before the provider renders
 * (`loadCatalogue(initialLocale())` at start); another one is loaded when the
 * user switches to it, and the switch happens once it is there.
 */
export function I18nProvider({ children, locale: fixed }: { children: ReactNode; locale?: Locale }) {
  const [locale, setLocaleState] = useState<Locale>(() => fixed ?? initialLocale());
  const setLocale = useCallback((next: Locale) => {
    void loadCatalogue(next).then(() => {
      rememberLocale(next);
      setLocaleState(next);
      document.documentElement.lang = next;
    });
  }, []);
  const state = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return (
    <LocaleContext.Provider value={state}>
      <IntlProvider locale={locale} messages={catalogue(locale)} defaultLocale="en">
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

export function useLocale() {
  return useContext(LocaleContext);
}

/** `t("lists.title")`, `t("balance.subscribers", { count })`: a message in the current language. */
export function useT() {
  const intl = useIntl();
  return useCallback(
    (key: MessageKey, values?: MessageValues) => intl.formatMessage({ id: key }, values) as string,
    [intl],
  );
}

/** Numbers and dates in the current language's way. */
export function useFormat() {
  const intl = useIntl();
  return useMemo(
    () => ({
      count: (n: number) => intl.formatNumber(n),
      /** Money in its currency: "12 500,00 ₽" / "RUB 12,500.00"; the code beside the figure when the currency is not one Intl knows. */
      money: (amount: number, currency: string | null) => {
        if (!currency) return intl.formatNumber(amount, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
        try {
          return intl.formatNumber(amount, { style: "currency", currency });
        } catch {
          return `${intl.formatNumber(amount, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
        }
      },
      /** An ISO local time as a date: "12 Mar 2026" / "12 мар. 2026 г.". */
      date: (iso: string | null | undefined) =>
        iso ? intl.formatDate(new Date(iso), { day: "numeric", month: "short", year: "numeric" }) : "—",
      /** When something happened, as a mail client says it: the time today, the date before. */
      when: (iso: string | null | undefined) => {
        if (!iso) return "—";
        const at = new Date(iso);
        return at.toDateString() === new Date().toDateString()
          ? intl.formatTime(at, { hour: "2-digit", minute: "2-digit" })
          : intl.formatDate(at, { day: "numeric", month: "short" });
      },
      /** A date and time in full: "12 Mar 2026, 14:05". */
      dateTime: (iso: string | null | undefined) =>
        iso
          ? intl.formatDate(new Date(iso), { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" })
          : "—",
      /** A share from 0 to 1 as a percentage: "38.2%" / "38,2 %"; "—" when there is none. */
      percent: (share: number | null) =>
        share === null ? "—" : intl.formatNumber(share, { style: "percent", maximumFractionDigits: 1 }),
      /** A file's size: "12 KB", "1.4 MB". */
      bytes: (n: number) => {
        const [value, unit] = n < 1024 ? [n, "byte"] : n < 1024 * 1024 ? [n / 1024, "kilobyte"] : [n / 1024 / 1024, "megabyte"];
        return intl.formatNumber(value, { style: "unit", unit, unitDisplay: "narrow", maximumFractionDigits: 1 });
      },
      /** A time span, roughly: "40 s", "12 min", "2 h". */
      duration: (seconds: number) => {
        const [value, unit] = seconds < 90 ? [seconds, "second"] : seconds < 90 * 60 ? [seconds / 60, "minute"] : [seconds / 3600, "hour"];
        return intl.formatNumber(Math.round(value), { style: "unit", unit, unitDisplay: "short" });
      },

      shortDate: (iso: string | null | undefined) =>
        iso ? intl.formatDate(new Date(iso), { day: "2-digit", month: "2-digit", year: "numeric" }) : "—",
    }),
    [intl],
  );
}

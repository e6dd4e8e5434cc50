/** The languages the app speaks, and which one to use. */
export const LOCALES = ["ru", "en"] as const;
export type Locale = (typeof LOCALES)[number];

const STORAGE_KEY = "campaign-desk.locale";

declare global {
  interface Window {
    /** The OS's languages, set by the app before the page loads. */
    __SYSTEM_LANGUAGES__?: string[];
  }
}

function osLanguages(): readonly string[] {
  return window.__SYSTEM_LANGUAGES__ ?? navigator.languages ?? [navigator.language];
}

/** The first of the system's languages the app speaks; English otherwise. */
export function systemLocale(languages: readonly string[] = osLanguages()): Locale {
  for (const tag of languages) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if ((LOCALES as readonly string[]).includes(base)) return base as Locale;
  }
  return "en";
}

/** The language chosen in the app, if any; otherwise the system's. */
export function initialLocale(): Locale {
  const chosen = localStorage.getItem(STORAGE_KEY);
  return (LOCALES as readonly string[]).includes(chosen ?? "") ? (chosen as Locale) : systemLocale();
}

export function rememberLocale(locale: Locale | null) {
  if (locale) localStorage.setItem(STORAGE_KEY, locale);
  else localStorage.removeItem(STORAGE_KEY);
}

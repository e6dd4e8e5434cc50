import type { MessageFormatElement } from "react-intl";
import type en from "./en.json";
import type { Locale } from "./locale";

/** Every message key; both catalogues have the same ones (a test checks). */
export type MessageKey = keyof typeof en;

/** A language's messages, parsed when the app was built. */
export type Catalogue = Record<MessageKey, MessageFormatElement[]>;

const LOADERS: Record<Locale, () => Promise<{ default: Catalogue }>> = {
  en: () => import("virtual:catalogue/en"),
  ru: () => import("virtual:catalogue/ru"),
};

const loaded = new Map<Locale, Catalogue>();

/** Loads a language's catalogue (the page carries only the languages it shows). */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const known = loaded.get(locale);
  if (known) return known;
  const catalogue = (await LOADERS[locale]()).default;
  loaded.set(locale, catalogue);
  return catalogue;
}

/** A catalogue already loaded; every language shown is loaded before it is shown. */
export function catalogue(locale: Locale): Catalogue {
  const known = loaded.get(locale);
  if (!known) throw new Error(`the ${locale} catalogue is shown before it is loaded`);
  return known;
}

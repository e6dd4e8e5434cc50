import type { MessageFormatElement } from "react-intl";
import type shared from "./en.json";
import type { Locale } from "./locale";

/** A words file's keys as members of `Words`. */
export type WordsOf<File> = Record<keyof File, string>;

/**
 * Every message of the app: the shared catalogue (`./en.json`: the shell,
 * the kit, errors) and each area's own words (`words.en.json` beside its
 * code), which the area adds from its own folder:
 *
 *     import type words from "./words.en.json";
 *     declare module "../../i18n/catalogues" {
 *       interface Words extends WordsOf<typeof words> {}
 *     }
 *
 * The build merges the same files (build/catalogues.ts); both languages
 * have the same keys and none is defined twice (a test checks).
 */
export interface Words extends WordsOf<typeof shared> {}

/** Every message key. */
export type MessageKey = keyof Words & string;

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

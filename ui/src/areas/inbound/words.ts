import type { WordsOf } from "../../i18n/catalogues";
import type words from "./words.en.json";

// The keys of this folder's words (words.en.json, words.ru.json) are message keys.
declare module "../../i18n/catalogues" {
  interface Words extends WordsOf<typeof words> {}
}

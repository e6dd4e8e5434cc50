import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";

const PREFIX = "virtual:catalogue/";
const RESOLVED = "\0" + PREFIX;
// `import.meta.dirname`: Vite defines it when it loads the config, Vitest in its tests.
const SRC = join(import.meta.dirname, "../src");

/** One file of messages: the shared catalogue or a folder's own words. */
export interface WordsFile {
  /** Relative to `ui/src/`: `i18n/ru.json`, `areas/inbox/words.ru.json`. */
  path: string;
  messages: Record<string, string>;
}

/** Every folder under `src/` that keeps its own words (a `words.<locale>.json` in any language). */
function wordFolders(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true });
  const own = entries.some((entry) => entry.isFile() && /^words\.[a-z]+\.json$/.test(entry.name)) ? [dir] : [];
  return [...own, ...entries.filter((entry) => entry.isDirectory()).flatMap((entry) => wordFolders(join(dir, entry.name)))];
}

function readWords(path: string): WordsFile {
  let messages: unknown;
  try {
    messages = JSON.parse(readFileSync(join(SRC, path), "utf8"));
  } catch (err) {
    // Say which file does not parse.
    if (err instanceof Error) err.message = `${path}: ${err.message}`;
    throw err;
  }
  if (typeof messages !== "object" || messages === null || Array.isArray(messages)) {
    throw new Error(`${path}: a catalogue is one object of key → message`);
  }
  for (const [key, message] of Object.entries(messages)) {
    if (typeof message !== "string") throw new Error(`${path}: message "${key}" is not a string`);
  }
  return { path, messages: messages as Record<string, string> };
}

/**
 * A language's files: the shared catalogue `src/i18n/<locale>.json` (the
 * shell, the kit, errors) and every `src/**\/words.<locale>.json` an area
 * keeps beside its code, found by scanning so a new area edits nothing
 * here. A folder with words in one language and no file in this one fails.
 */
export function wordsFiles(locale: string): WordsFile[] {
  const folders = wordFolders(SRC)
    .map((dir) => relative(SRC, dir).split("\\").join("/"))
    .sort();
  return [readWords(`i18n/${locale}.json`), ...folders.map((dir) => readWords(`${dir}/words.${locale}.json`))];
}

/** The files merged into one catalogue; a key defined in two files fails, naming both. */
export function mergeWords(files: WordsFile[]): Record<string, string> {
  const merged: Record<string, string> = {};
  const from = new Map<string, string>();
  for (const file of files) {
    for (const [key, message] of Object.entries(file.messages)) {
      const earlier = from.get(key);
      if (earlier !== undefined) throw new Error(`message "${key}" is defined twice: in ${earlier} and ${file.path}`);
      from.set(key, file.path);
      merged[key] = message;
    }
  }
  return merged;
}

/**
 * `import messages from "virtual:catalogue/ru"`: the shared catalogue and
 * every area's words in Russian, merged, with every message parsed at build
 * time (ICU message syntax into its syntax tree), so the page formats
 * without parsing and ships without the parser; a message that does not
 * parse, or a key defined twice, fails the build (and the dev server, and
 * the tests, which load catalogues through this too).
 */
export function precompiledCatalogues(): Plugin {
  return {
    name: "precompiled-catalogues",
    resolveId: (id) => (id.startsWith(PREFIX) ? "\0" + id : undefined),
    load(id) {
      if (!id.startsWith(RESOLVED)) return;
      const locale = id.slice(RESOLVED.length);
      let files: WordsFile[];
      let messages: Record<string, string>;
      try {
        files = wordsFiles(locale);
        messages = mergeWords(files);
      } catch (err) {
        return this.error(String(err instanceof Error ? err.message : err));
      }
      for (const file of files) this.addWatchFile(join(SRC, file.path));
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => {
          try {
            return [key, parse(message, { locale: new Intl.Locale(locale) })];
          } catch (err) {
            const file = files.find((f) => key in f.messages)?.path;
            return this.error(`${file}: message "${key}" does not parse: ${String(err)}`);
          }
        }),
      );
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}

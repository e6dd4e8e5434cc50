import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";

const PREFIX = "virtual:catalogue/";
const RESOLVED = "\0" + PREFIX;
const DIR = fileURLToPath(new URL("../src/i18n/", import.meta.url));

/**
 * `import messages from "virtual:catalogue/ru"`: the catalogue `src/i18n/ru.json`
 * with every message parsed at build time (ICU message syntax into its
 * syntax tree), so the page formats without parsing and ships without the
 * parser; a message that does not parse fails the build.
 */
export function precompiledCatalogues(): Plugin {
  return {
    name: "precompiled-catalogues",
    resolveId: (id) => (id.startsWith(PREFIX) ? "\0" + id : undefined),
    load(id) {
      if (!id.startsWith(RESOLVED)) return;
      const locale = id.slice(RESOLVED.length);
      const file = `${DIR}${locale}.json`;
      this.addWatchFile(file);
      const messages: Record<string, string> = JSON.parse(readFileSync(file, "utf8"));
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => {
          try {
            return [key, parse(message, { locale: new Intl.Locale(locale) })];
          } catch (err) {
            return this.error(`${file}: message "${key}" does not parse: ${String(err)}`);
          }
        }),
      );
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}

import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { readdirSync } from "node:fs";
import { join } from "node:path";

// Areas stand on the shared floor (kit/, letter/, ipc/, i18n/), never on
// each other: what two areas share moves down a floor. Every folder under
// src/areas/ is an area, so a new one is covered without a line here.
const areas = readdirSync(join(import.meta.dirname, "src/areas"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const into = (area) => [`**/areas/${area}`, `**/areas/${area}/**`, `../${area}`, `../${area}/**`];
const areasApart = areas.map((area) => ({
  files: [`src/areas/${area}/**/*.{ts,tsx}`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: areas.filter((other) => other !== area).flatMap(into),
            message: `The ${area} area may not import another area: move what both use down to src/kit/, src/letter/ or src/ipc/.`,
          },
        ],
      },
    ],
  },
}));
// The floors below the areas know no area.
const floorsBelow = {
  files: ["src/kit/**/*.{ts,tsx}", "src/letter/**/*.{ts,tsx}"],
  rules: {
    "no-restricted-imports": [
      "error",
      { patterns: [{ group: ["**/areas", "**/areas/**"], message: "A floor below the areas may not import an area." }] },
    ],
  },
};

export default tseslint.config(
  { ignores: ["dist", "node_modules", "src/ipc/bindings", "src/ipc/commands.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // A folder adds its words' keys to the catalogue's `Words` by an empty
      // interface extending them (i18n/catalogues.ts).
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
    },
  },
  ...areasApart,
  floorsBelow,
);

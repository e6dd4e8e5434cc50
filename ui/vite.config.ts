import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { precompiledCatalogues } from "./build/catalogues.ts";

export default defineConfig(({ command }) => ({
  plugins: [react(), precompiledCatalogues()],
  resolve: {
    // The catalogues are parsed at build time (see build/catalogues.ts): the
    // page needs the parser's types, not the parser.
    alias:
      command === "build"
        ? [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: "@formatjs/icu-messageformat-parser/no-parser.js" }]
        : [],
  },
  clearScreen: false,
  // The largest chunk is the letter editor's (the code editor with HTML), loaded when a letter opens;
  // the first screen's is under 250 KB.
  build: { target: "safari15", outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 600 },
  test: {
    setupFiles: ["src/test/setup.ts"],
    // A DOM (jsdom) is built afresh for every test file, about 2 s of a core
    // each: screens get one, logic runs in Node. A logic test that needs a
    // DOM asks for it in its first line: `// @vitest-environment jsdom`.
    projects: [
      { extends: true, test: { name: "screens", include: ["src/**/*.test.tsx"], environment: "jsdom" } },
      { extends: true, test: { name: "logic", include: ["src/**/*.test.ts"], environment: "node" } },
    ],
  },
}));

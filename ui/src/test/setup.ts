import { afterAll } from "vitest";
import { loadCatalogue } from "../i18n/catalogues";
import { LOCALES } from "../i18n/locale";

// The app loads a language's catalogue before showing it; tests show either.
await Promise.all(LOCALES.map(loadCatalogue));

// Preact runs effects after the next frame (or 35 ms without one): let the
// last test's run before the test file's window is taken down.
afterAll(() => new Promise((done) => setTimeout(done, 50)));

import { render } from "@testing-library/preact";
import { AppRoot, startApp } from "../app/AppRoot";
import type { Locale } from "../i18n/locale";

/**
 * The whole app as `main.tsx` starts it, opened at `path` (the router's
 * history is the page's hash), in a language: the shell, the sidebar and
 * the area's screen, each reading what it shows through `invoke` (see
 * `fakeIpc`), in the system's light or dark theme (as `matchMedia` says;
 * jsdom has none).
 */
export function renderApp(path: string, locale: Locale = "en", theme: "light" | "dark" = "light") {
  window.matchMedia = (query: string) =>
    ({
      matches: theme === "dark" && query.includes("dark"),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  window.location.hash = `#${path}`;
  document.documentElement.lang = locale;
  const app = startApp();
  const rendered = render(<AppRoot app={app} locale={locale} />);
  return { ...rendered, ...app };
}

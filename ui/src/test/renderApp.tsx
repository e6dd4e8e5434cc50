import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { render } from "@testing-library/preact";
import { PendingSendsGuard } from "../app/PendingSends";
import { createQueryClient } from "../app/queryClient";
import { createAppRouter } from "../app/router";
import { beginStart } from "../app/start";
import { WorkspaceProvider } from "../app/workspace";
import { I18nProvider } from "../i18n/I18n";
import type { Locale } from "../i18n/locale";
import { ToastProvider } from "../kit/Toast";

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
  const queryClient = createQueryClient();
  const router = createAppRouter();
  beginStart(router, queryClient);
  const rendered = render(
    <I18nProvider locale={locale}>
      <QueryClientProvider client={queryClient}>
        <WorkspaceProvider>
          <ToastProvider>
            <RouterProvider router={router} />
            <PendingSendsGuard />
          </ToastProvider>
        </WorkspaceProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...rendered, router, queryClient };
}

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/preact";
import type { ReactElement } from "react";
import type { Locale } from "../i18n/locale";
import { I18nProvider } from "../i18n/I18n";
import { ToastProvider } from "../kit/Toast";

/** Renders with the app's providers, in a given language, with a fresh cache. */
export function renderWithApp(ui: ReactElement, locale: Locale = "en") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nProvider locale={locale}>
      <QueryClientProvider client={client}>
        <ToastProvider>{ui}</ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

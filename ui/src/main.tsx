import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { PendingSendsGuard } from "./app/PendingSends";
import { createQueryClient } from "./app/queryClient";
import { createAppRouter } from "./app/router";
import { beginStart } from "./app/start";
import "./app/tokens.css";
import { WorkspaceProvider } from "./app/workspace";
import { loadCatalogue } from "./i18n/catalogues";
import { I18nProvider } from "./i18n/I18n";
import { initialLocale } from "./i18n/locale";
import { ToastProvider } from "./kit/Toast";

const queryClient = createQueryClient();
const router = createAppRouter();
beginStart(router, queryClient);

const locale = initialLocale();
document.documentElement.lang = locale;
const root = document.getElementById("root");
void loadCatalogue(locale).then(() => {
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <I18nProvider>
        <QueryClientProvider client={queryClient}>
          <WorkspaceProvider>
            <ToastProvider>
              <RouterProvider router={router} />
              <PendingSendsGuard />
            </ToastProvider>
          </WorkspaceProvider>
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );
});

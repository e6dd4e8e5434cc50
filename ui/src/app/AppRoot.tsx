import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { I18nProvider } from "../i18n/I18n";
import type { Locale } from "../i18n/locale";
import { ToastProvider } from "../kit/Toast";
import { PendingSendsGuard } from "./PendingSends";
import { createQueryClient } from "./queryClient";
import { createAppRouter } from "./router";
import { beginStart } from "./start";
import { WorkspaceProvider } from "./workspace";

/** The app's router and cache, its start begun (the accounts read, the last place restored). */
export function startApp() {
  const queryClient = createQueryClient();
  const router = createAppRouter();
  beginStart(router, queryClient);
  return { queryClient, router };
}

/** Everything the screens stand in: the language, the cache, the workspace, toasts, the router, and the guard on pending sends. */
export function AppRoot({ app, locale }: { app: ReturnType<typeof startApp>; locale?: Locale }) {
  return (
    <I18nProvider locale={locale}>
      <QueryClientProvider client={app.queryClient}>
        <WorkspaceProvider>
          <ToastProvider>
            <RouterProvider router={app.router} />
            <PendingSendsGuard />
          </ToastProvider>
        </WorkspaceProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}

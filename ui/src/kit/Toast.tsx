import * as RadixToast from "@radix-ui/react-toast";
import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { useT } from "../i18n/I18n";
import { Button } from "./Button";
import styles from "./Toast.module.css";

interface ToastMessage {
  id: number;
  title: string;
  tone: "success" | "error";
  action?: ToastAction;
}

/** A button in the toast that takes the change back ("Undo"). */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

type Show = (title: string, tone?: ToastMessage["tone"], action?: ToastAction) => void;

const ToastContext = createContext<Show>(() => {});

/** Short confirmations ("List created") in a corner, gone after a few seconds, and failures, which stay until dismissed; screen readers hear both. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const show = useCallback<Show>((title, tone = "success", action) => {
    setToasts((all) => [...all, { id: Date.now() + Math.random(), title, tone, action }]);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      <RadixToast.Provider duration={4000} label={t("common.notifications")}>
        {children}
        {toasts.map((toast) => (
          <RadixToast.Root
            key={toast.id}
            // A failure (a send whose outcome is unknown among them) stays until it is read and dismissed.
            duration={toast.tone === "error" ? Infinity : undefined}
            className={[styles.toast, toast.tone === "error" ? styles.error : ""].join(" ")}
            onOpenChange={(open) => !open && setToasts((all) => all.filter((x) => x.id !== toast.id))}
            data-testid="toast"
          >
            <RadixToast.Title className={styles.title}>{toast.title}</RadixToast.Title>
            {toast.action && (
              <RadixToast.Action asChild altText={toast.action.label}>
                <Button variant="link" onClick={toast.action.onClick} data-testid="toast-action">
                  {toast.action.label}
                </Button>
              </RadixToast.Action>
            )}
            <RadixToast.Close asChild>
              <Button variant="ghost" aria-label={t("common.dismiss")}>
                ×
              </Button>
            </RadixToast.Close>
          </RadixToast.Root>
        ))}
        <RadixToast.Viewport className={styles.viewport} />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}

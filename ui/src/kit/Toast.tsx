import * as RadixToast from "@radix-ui/react-toast";
import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { useT } from "../i18n/I18n";
import { Button } from "./Button";
import styles from "./Toast.module.css";

interface ToastMessage {
  id: number;
  title: string;
  tone: "success" | "error";
}

const ToastContext = createContext<(title: string, tone?: ToastMessage["tone"]) => void>(() => {});

/** Short confirmations ("List created") in a corner, gone after a few seconds, and failures, which stay until dismissed; screen readers hear both. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const show = useCallback((title: string, tone: ToastMessage["tone"] = "success") => {
    setToasts((all) => [...all, { id: Date.now() + Math.random(), title, tone }]);
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

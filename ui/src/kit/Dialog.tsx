import * as RadixDialog from "@radix-ui/react-dialog";
import { useState, type ReactNode } from "react";
import type { DeskError } from "../ipc/bindings/DeskError";
import { useT } from "../i18n/I18n";
import { Button } from "./Button";
import styles from "./Dialog.module.css";
import { ErrorNotice } from "./ErrorNotice";

export interface DialogAction {
  label: string;
  busyLabel: string;
  run: () => void;
  danger?: boolean;
  testId: string;
}

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The one action; without one, the dialog only shows something and has a Close button. */
  action?: DialogAction;
  /** A second way out beside the action, for a question with three answers. */
  other?: DialogAction;
  /** What the button that only closes says, when "Cancel" would be read as part of the question. */
  closeLabel?: string;
  /** A write is under way: nothing closes the dialog, not Escape, not a click outside. */
  busy: boolean;
  /** Shown under the body; the dialog stays open with what was typed. */
  error?: DeskError | null;
  /** Room for a table (an import's columns and checks); the body scrolls. */
  large?: boolean;
}

/**
 * The last element outside menus and dialogs that had the focus: where the
 * focus goes back as a dialog closes. The dialogs here have no trigger,
 * which is where Radix would put it (without one, on the page's body). A
 * dialog opened from a menu's item is back on the menu's button, which the
 * menu focuses as it closes.
 */
let outside: HTMLElement | null = null;
if (typeof document !== "undefined") {
  document.addEventListener("focusin", (event) => {
    const element = event.target;
    if (element instanceof HTMLElement && !element.closest('[role="menu"], [role="dialog"], [role="alertdialog"]')) outside = element;
  });
}

const inContextMenu = (target: EventTarget | null) => target instanceof Element && target.closest("[data-context-menu]") !== null;

/** Where the focus goes as a dialog that opened over `opener` closes. */
function focusBack(opener: HTMLElement | null) {
  const back = outside?.isConnected ? outside : opener;
  if (back?.isConnected) back.focus({ preventScroll: true });
}

/** A modal dialog with Cancel and one action; focus stays inside while it is open, and goes back where it was when it closes. */
export function Dialog({ title, onClose, children, action, other, closeLabel, busy, error, large }: DialogProps) {
  const t = useT();
  // Read on the first render, before the dialog takes the focus.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : outside));
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && close()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={[styles.content, other ? styles.wide : "", large ? styles.large : ""].join(" ")}
          aria-describedby={undefined}
          // Modal: nothing behind it is reached while it is open, a link arriving from outside included (see `Arrivals`).
          aria-modal
          aria-busy={busy}
          onEscapeKeyDown={(e) => busy && e.preventDefault()}
          // The app's context menu over the dialog (a field's Cut and Paste) is part of it, not outside.
          onPointerDownOutside={(e) => (busy || inContextMenu(e.target)) && e.preventDefault()}
          onInteractOutside={(e) => (busy || inContextMenu(e.target)) && e.preventDefault()}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            focusBack(opener);
          }}
        >
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          <div className={styles.body}>
            {children}
            {error && <ErrorNotice error={error} />}
          </div>
          <div className={styles.footer}>
            <Button onClick={close} disabled={busy} data-testid="dialog-cancel">
              {closeLabel ?? (action ? t("common.cancel") : t("common.close"))}
            </Button>
            {other && (
              <Button variant={other.danger ? "danger" : "secondary"} onClick={other.run} disabled={busy} data-testid={other.testId}>
                {other.label}
              </Button>
            )}
            {action && (
              <Button variant={action.danger ? "danger" : "primary"} onClick={action.run} disabled={busy} data-testid={action.testId}>
                {busy ? action.busyLabel : action.label}
              </Button>
            )}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

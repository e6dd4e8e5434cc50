import { useEffect, type ReactNode } from "react";
import type { UiError } from "../ipc/bindings/UiError";
import { ErrorNotice } from "./ErrorNotice";

export interface ModalAction {
  label: string;
  busyLabel: string;
  run: () => void;
  busy: boolean;
  danger?: boolean;
  testId: string;
}

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  action: ModalAction;
  /** Shown under the body; the dialog stays open with what was typed. */
  error?: UiError | null;
}

/** A dialog with Cancel and one action; Escape or a click outside closes it. */
export function Modal({ title, onClose, children, action, error }: ModalProps) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    <div className="overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="modal" role="dialog" aria-modal="true" aria-label={title}>
        <h2>{title}</h2>
        <div className="modal-body">
          {children}
          {error && <ErrorNotice error={error} />}
        </div>
        <div className="modal-footer">
          <button type="button" className="button-secondary" onClick={onClose} disabled={action.busy}>
            Cancel
          </button>
          <button
            type="button"
            className={action.danger ? "button-danger" : "button-primary"}
            onClick={action.run}
            disabled={action.busy}
            data-testid={action.testId}
          >
            {action.busy ? action.busyLabel : action.label}
          </button>
        </div>
      </div>
    </div>
  );
}

import type { ReactNode } from "react";
import { useAttempt } from "../lib/useAttempt";
import { ErrorNotice } from "./ErrorNotice";
import { Modal } from "./Modal";

interface ConfirmProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** Asks before anything that deletes or sends; stays open with the error if it fails. */
export function ConfirmDialog({ title, children, confirmLabel, onConfirm, onClose }: ConfirmProps) {
  const { busy, error, attempt } = useAttempt();
  const confirm = () =>
    attempt(async () => {
      await onConfirm();
      onClose();
    });
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="button-danger" onClick={confirm} disabled={busy} data-testid="confirm">
            {busy ? "Working…" : confirmLabel}
          </button>
        </>
      }
    >
      {children}
      {error && <ErrorNotice error={error} />}
    </Modal>
  );
}

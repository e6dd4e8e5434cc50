import type { ReactNode } from "react";
import { useAttempt } from "../lib/useAttempt";
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
      error={error}
      action={{ label: confirmLabel, busyLabel: "Working…", run: confirm, busy, danger: true, testId: "confirm" }}
    >
      {children}
    </Modal>
  );
}

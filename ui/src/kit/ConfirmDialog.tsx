import type { ReactNode } from "react";
import { useT } from "../i18n/I18n";
import { Dialog } from "./Dialog";
import { useAttempt } from "./useAttempt";

interface ConfirmProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** Asks before anything that deletes or sends; stays open with the error if it fails. */
export function ConfirmDialog({ title, children, confirmLabel, onConfirm, onClose }: ConfirmProps) {
  const t = useT();
  const { busy, error, attempt } = useAttempt();
  const confirm = () =>
    void attempt(async () => {
      await onConfirm();
      onClose();
    });
  return (
    <Dialog
      title={title}
      onClose={onClose}
      busy={busy}
      error={error}
      action={{ label: confirmLabel, busyLabel: t("common.working"), run: confirm, danger: true, testId: "confirm" }}
    >
      {children}
    </Dialog>
  );
}

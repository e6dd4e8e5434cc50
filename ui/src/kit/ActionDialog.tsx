import type { FormEvent, ReactNode } from "react";
import { useT } from "../i18n/I18n";
import { Dialog } from "./Dialog";
import styles from "./Dialog.module.css";
import { useAttempt } from "./useAttempt";

interface ActionDialogProps {
  title: string;
  children: ReactNode;
  actionLabel: string;
  /** The action's test hook; "confirm" for questions before deleting or sending. */
  testId: string;
  danger?: boolean;
  /** Wider, for a form of many rows. */
  large?: boolean;
  onRun: () => Promise<void>;
  onClose: () => void;
}

/**
 * A dialog whose one action writes: it runs once however often it is
 * pressed (Enter in a field included), cannot be dismissed meanwhile, and
 * stays open with the reason and what was typed when it fails.
 */
export function ActionDialog({ title, children, actionLabel, testId, danger, large, onRun, onClose }: ActionDialogProps) {
  const t = useT();
  const { busy, error, attempt } = useAttempt();
  const run = (event?: FormEvent) => {
    event?.preventDefault();
    void attempt(async () => {
      await onRun();
      onClose();
    });
  };
  return (
    <Dialog
      title={title}
      onClose={onClose}
      busy={busy}
      error={error}
      large={large}
      action={{ label: actionLabel, busyLabel: danger ? t("common.working") : t("common.saving"), run: () => run(), danger, testId }}
    >
      <form onSubmit={run}>
        <fieldset disabled={busy} className={styles.fieldset}>
          {children}
        </fieldset>
      </form>
    </Dialog>
  );
}

interface ConfirmProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** Asks before anything that deletes or sends. */
export function ConfirmDialog({ title, children, confirmLabel, onConfirm, onClose }: ConfirmProps) {
  return (
    <ActionDialog title={title} actionLabel={confirmLabel} testId="confirm" danger onRun={onConfirm} onClose={onClose}>
      {children}
    </ActionDialog>
  );
}

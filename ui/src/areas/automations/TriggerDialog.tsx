import { useState } from "react";
import type { AutomationRow } from "../../ipc/bindings/AutomationRow";
import { useT } from "../../i18n/I18n";
import { ActionDialog } from "../../kit/ActionDialog";
import { TextField } from "../../kit/Field";
import { UNDO_SECONDS } from "../../kit/UndoWindow";

interface TriggerDialogProps {
  automation: AutomationRow;
  /** The address is confirmed: the letter goes after the undo window. */
  onConfirm: (email: string) => void;
  onClose: () => void;
}

/** Sending an automation's letter by hand to one subscriber: asks first, to whom. */
export function TriggerDialog({ automation, onConfirm, onClose }: TriggerDialogProps) {
  const t = useT();
  const [email, setEmail] = useState("");
  const address = email.trim();
  return (
    <ActionDialog
      title={t("automations.trigger.title", { name: automation.name })}
      actionLabel={t("automations.trigger.confirm")}
      testId="confirm"
      danger
      onRun={async () => {
        if (address) onConfirm(address);
      }}
      onClose={onClose}
    >
      <TextField
        label={t("automations.trigger.address")}
        type="email"
        value={email}
        onChange={setEmail}
        autoFocus
        required
        data-testid="trigger-address"
      />
      <p>{t("automations.trigger.body", { seconds: UNDO_SECONDS })}</p>
    </ActionDialog>
  );
}

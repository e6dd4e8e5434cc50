import { useState } from "react";
import { ActionDialog } from "./ActionDialog";
import { TextField } from "./Field";

interface NameDialogProps {
  title: string;
  label: string;
  placeholder?: string;
  initialName?: string;
  submitLabel: string;
  /** The field's test hook; the button's is `<testId>-submit`. */
  testId: string;
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}

/** Create or rename: one name field; on failure the dialog stays with what was typed. */
export function NameDialog({ title, label, placeholder, initialName = "", submitLabel, testId, onSubmit, onClose }: NameDialogProps) {
  const [name, setName] = useState(initialName);
  return (
    <ActionDialog title={title} actionLabel={submitLabel} testId={`${testId}-submit`} onRun={() => onSubmit(name)} onClose={onClose}>
      <TextField label={label} value={name} onChange={setName} autoFocus placeholder={placeholder} data-testid={testId} />
    </ActionDialog>
  );
}

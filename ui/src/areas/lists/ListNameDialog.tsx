import { useState } from "react";
import { useT } from "../../i18n/I18n";
import { ActionDialog } from "../../kit/ActionDialog";
import { TextField } from "../../kit/Field";

interface ListNameDialogProps {
  title: string;
  initialName?: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}

/** Create or rename: one name field; on failure the dialog stays with what was typed. */
export function ListNameDialog({ title, initialName = "", submitLabel, onSubmit, onClose }: ListNameDialogProps) {
  const t = useT();
  const [name, setName] = useState(initialName);
  return (
    <ActionDialog title={title} actionLabel={submitLabel} testId="list-name-submit" onRun={() => onSubmit(name)} onClose={onClose}>
      <TextField
        label={t("lists.name")}
        value={name}
        onChange={setName}
        autoFocus
        placeholder={t("lists.namePlaceholder")}
        data-testid="list-name"
      />
    </ActionDialog>
  );
}

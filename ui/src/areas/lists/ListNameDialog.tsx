import { useState, type FormEvent } from "react";
import { useT } from "../../i18n/I18n";
import { Dialog } from "../../kit/Dialog";
import { TextField } from "../../kit/Field";
import { useAttempt } from "../../kit/useAttempt";

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
  const { busy, error, attempt } = useAttempt();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    void attempt(async () => {
      await onSubmit(name);
      onClose();
    });
  };
  return (
    <Dialog
      title={title}
      onClose={onClose}
      busy={busy}
      error={error}
      action={{ label: submitLabel, busyLabel: t("common.saving"), run: () => submit(), testId: "list-name-submit" }}
    >
      <form onSubmit={submit}>
        <TextField
          label={t("lists.name")}
          value={name}
          onChange={setName}
          autoFocus
          placeholder={t("lists.namePlaceholder")}
          disabled={busy}
          data-testid="list-name"
        />
      </form>
    </Dialog>
  );
}

import { useState, type FormEvent } from "react";
import { useAttempt } from "../../lib/useAttempt";
import { Modal } from "../../components/Modal";

interface ListNameDialogProps {
  title: string;
  initialName?: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}

/** Create or rename: one name field; on failure the dialog stays with what was typed. */
export function ListNameDialog({ title, initialName = "", submitLabel, onSubmit, onClose }: ListNameDialogProps) {
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
    <Modal
      title={title}
      onClose={onClose}
      error={error}
      action={{ label: submitLabel, busyLabel: "Saving…", run: () => submit(), busy, testId: "list-name-submit" }}
    >
      <form onSubmit={submit} className="form">
        <label>
          List name
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoFocus
            placeholder="Newsletter"
            data-testid="list-name"
          />
        </label>
      </form>
    </Modal>
  );
}

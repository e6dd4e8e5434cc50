import { useState, type FormEvent } from "react";
import { useAttempt } from "../../lib/useAttempt";
import { ErrorNotice } from "../../components/ErrorNotice";
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
      footer={
        <>
          <button type="button" className="button-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="button-primary" onClick={() => submit()} disabled={busy} data-testid="list-name-submit">
            {busy ? "Saving…" : submitLabel}
          </button>
        </>
      }
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
      {error && <ErrorNotice error={error} />}
    </Modal>
  );
}

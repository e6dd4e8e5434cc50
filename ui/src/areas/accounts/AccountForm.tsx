import { useState, type FormEvent } from "react";
import type { Account } from "../../ipc/bindings/Account";
import { addAccount, updateAccount } from "../../ipc/commands";
import { useAttempt } from "../../lib/useAttempt";
import { ErrorNotice } from "../../components/ErrorNotice";

export const DEFAULT_BASE_URL = "https://api.dashamail.com/v2";

interface AccountFormProps {
  /** The account to edit; absent to add a new one. */
  editing?: Account;
  onSaved: (account: Account) => void;
  onCancel: () => void;
}

/** Name, address and key; the key goes to the OS keyring and is never shown again. */
export function AccountForm({ editing, onSaved, onCancel }: AccountFormProps) {
  const [name, setName] = useState(editing?.name ?? "");
  const [baseUrl, setBaseUrl] = useState(editing?.base_url ?? DEFAULT_BASE_URL);
  const [apiKey, setApiKey] = useState("");
  const { busy, error, attempt } = useAttempt();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void attempt(async () => {
      const saved = editing
        ? await updateAccount({ id: editing.id, name, base_url: baseUrl, api_key: apiKey || undefined })
        : await addAccount({ name, base_url: baseUrl, api_key: apiKey });
      setApiKey("");
      onSaved(saved);
    });
  };

  return (
    <form className="card form" onSubmit={submit} data-testid="account-form">
      <h2>{editing ? `Edit “${editing.name}”` : "Connect an account"}</h2>
      <label>
        Name
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Shop EU"
          required
          autoFocus
          data-testid="account-name"
        />
      </label>
      <label>
        API address
        <input
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
          required
          spellCheck={false}
          data-testid="account-url"
        />
      </label>
      <label>
        API key
        <input
          type="password"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          placeholder={editing ? "Leave empty to keep the stored key" : "Paste the key from Account → API and integrations"}
          required={!editing}
          autoComplete="off"
          spellCheck={false}
          data-testid="account-key"
        />
      </label>
      <p className="hint">The key is stored only in your system keyring. Campaign Desk checks the connection before saving.</p>
      {error && <ErrorNotice error={error} />}
      <div className="form-actions">
        <button type="button" className="button-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="button-primary" disabled={busy} data-testid="account-save">
          {busy ? "Checking the connection…" : editing ? "Save" : "Connect"}
        </button>
      </div>
    </form>
  );
}

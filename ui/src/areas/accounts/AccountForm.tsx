import { useState, type FormEvent } from "react";
import type { AccountView } from "../../ipc/bindings/AccountView";
import { addAccount, updateAccount } from "../../ipc/commands";
import { useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { TextField } from "../../kit/Field";
import { useAttempt } from "../../kit/useAttempt";
import styles from "./Accounts.module.css";

export const DEFAULT_BASE_URL = "https://api.dashamail.com/v2";

interface AccountFormProps {
  /** The account to edit; absent to add a new one. */
  editing?: AccountView;
  /** Its stored key was not entered for its address: the key must be typed. */
  keyNeeded?: boolean;
  onSaved: (account: AccountView) => void;
  onCancel: () => void;
}

/** Name, address and key; the key goes to the OS keyring and is never shown again. */
export function AccountForm({ editing, keyNeeded = false, onSaved, onCancel }: AccountFormProps) {
  const t = useT();
  const [name, setName] = useState(editing?.name ?? "");
  const [baseUrl, setBaseUrl] = useState(editing?.baseUrl ?? DEFAULT_BASE_URL);
  const [apiKey, setApiKey] = useState("");
  const { busy, error, attempt } = useAttempt();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void attempt(async () => {
      const saved = editing
        ? await updateAccount(editing.id, name, baseUrl, apiKey || null)
        : await addAccount(name, baseUrl, apiKey);
      setApiKey("");
      onSaved(saved);
    });
  };

  return (
    <form className={styles.card} onSubmit={submit} data-testid="account-form">
      <h2>{editing ? t("accounts.form.editTitle", { name: editing.name }) : t("accounts.form.addTitle")}</h2>
      <TextField label={t("field.accountName")} value={name} onChange={setName} placeholder={t("accounts.form.namePlaceholder")} required autoFocus={!keyNeeded} data-testid="account-name" />
      <TextField label={t("field.baseUrl")} value={baseUrl} onChange={setBaseUrl} required spellCheck={false} data-testid="account-url" />
      <TextField
        label={t("field.apiKey")}
        type="password"
        value={apiKey}
        onChange={setApiKey}
        placeholder={editing && !keyNeeded ? t("accounts.form.keepKey") : t("accounts.form.keyPlaceholder")}
        hint={editing ? t("accounts.form.newHostNeedsKey") : undefined}
        required={!editing || keyNeeded}
        autoFocus={keyNeeded}
        autoComplete="off"
        spellCheck={false}
        data-testid="account-key"
      />
      <p className={styles.hint}>{t("accounts.form.keyringHint")}</p>
      {error && <ErrorNotice error={error} />}
      <div className={styles.formActions}>
        <Button onClick={onCancel} disabled={busy}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="primary" disabled={busy} data-testid="account-save">
          {busy ? t("accounts.form.checking") : editing ? t("common.save") : t("accounts.form.connect")}
        </Button>
      </div>
    </form>
  );
}

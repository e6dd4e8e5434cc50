import { useCallback, useEffect, useState } from "react";
import type { Account } from "../../ipc/bindings/Account";
import type { AccountsView } from "../../ipc/bindings/AccountsView";
import type { UiError } from "../../ipc/bindings/UiError";
import type { Workspace } from "../../ipc/bindings/Workspace";
import { listAccounts, openAccount, removeAccount } from "../../ipc/commands";
import { toUiError } from "../../ipc/errors";
import { useAttempt } from "../../lib/useAttempt";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorNotice } from "../../components/ErrorNotice";
import { AccountForm } from "./AccountForm";

type FormState = { mode: "closed" } | { mode: "add" } | { mode: "edit"; account: Account };

interface AccountsScreenProps {
  onOpened: (workspace: Workspace) => void;
  /** An error from opening the last account automatically. */
  initialError?: UiError | null;
}

export function AccountsScreen({ onOpened, initialError = null }: AccountsScreenProps) {
  const [view, setView] = useState<AccountsView | null>(null);
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const [removing, setRemoving] = useState<Account | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const { error, setError, attempt } = useAttempt(initialError);

  const reload = useCallback(async () => {
    try {
      setView(await listAccounts());
    } catch (reason) {
      setError(toUiError(reason));
    }
  }, [setError]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const open = (account: Account) =>
    attempt(async () => {
      setOpening(account.id);
      try {
        onOpened(await openAccount(account.id));
      } finally {
        setOpening(null);
      }
    });

  const own = view?.accounts.filter((a) => !a.demo) ?? [];
  const demo = view?.accounts.find((a) => a.demo);

  return (
    <main className="accounts-screen">
      <div className="accounts-column">
        <header className="welcome">
          <span className="brand-mark large" aria-hidden="true">✉</span>
          <h1>Campaign Desk</h1>
          <p>Lists, campaigns and reports of your email marketing account, on your desktop.</p>
        </header>
        {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
        {form.mode !== "closed" ? (
          <AccountForm
            editing={form.mode === "edit" ? form.account : undefined}
            onCancel={() => setForm({ mode: "closed" })}
            onSaved={(saved) => {
              setForm({ mode: "closed" });
              void reload().then(() => open(saved));
            }}
          />
        ) : (
          <div className="account-list" data-testid="account-list">
            {demo && (
              <div className="card account-card">
                <div>
                  <div className="account-name">{demo.name}</div>
                  <div className="account-detail">A sample coffee roaster's account, served on this computer. Nothing is sent.</div>
                </div>
                <button
                  type="button"
                  className="button-primary"
                  onClick={() => open(demo)}
                  disabled={opening !== null}
                  data-testid="open-demo"
                >
                  {opening === demo.id ? "Opening…" : "Open demo workspace"}
                </button>
              </div>
            )}
            {own.map((account) => (
              <div className="card account-card" key={account.id} data-testid="account-card">
                <div>
                  <div className="account-name">{account.name}</div>
                  <div className="account-detail">{account.base_url}</div>
                </div>
                <div className="row-actions">
                  <button type="button" className="button-ghost" onClick={() => setForm({ mode: "edit", account })}>
                    Edit
                  </button>
                  <button type="button" className="button-ghost danger" onClick={() => setRemoving(account)}>
                    Remove
                  </button>
                  <button
                    type="button"
                    className="button-primary"
                    onClick={() => open(account)}
                    disabled={opening !== null}
                  >
                    {opening === account.id ? "Opening…" : "Open"}
                  </button>
                </div>
              </div>
            ))}
            <button
              type="button"
              className="button-secondary add-account"
              onClick={() => setForm({ mode: "add" })}
              data-testid="add-account"
            >
              + Add account
            </button>
          </div>
        )}
      </div>
      {removing && (
        <ConfirmDialog
          title={`Remove “${removing.name}”?`}
          confirmLabel="Remove account"
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await removeAccount(removing.id);
            await reload();
          }}
        >
          <p>Campaign Desk forgets this account and deletes its API key from the system keyring. Nothing changes on the service.</p>
        </ConfirmDialog>
      )}
    </main>
  );
}

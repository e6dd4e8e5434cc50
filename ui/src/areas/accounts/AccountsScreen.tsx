import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useWorkspace } from "../../app/workspace";
import type { AccountView } from "../../ipc/bindings/AccountView";
import type { DeskError } from "../../ipc/bindings/DeskError";
import { dropChanged } from "../../ipc/cache";
import { listAccountsKey, listAccountsQuery, openAccount, removeAccount } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { LanguageSelect } from "../../i18n/LanguageSelect";
import { useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { ConfirmDialog } from "../../kit/ActionDialog";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { useAttempt } from "../../kit/useAttempt";
import { AccountForm } from "./AccountForm";
import styles from "./Accounts.module.css";

type FormState = { mode: "closed" } | { mode: "add" } | { mode: "edit"; account: AccountView; keyNeeded?: boolean };

export function AccountsScreen({ initialError = null }: { initialError?: DeskError | null }) {
  const t = useT();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const { setWorkspace } = useWorkspace();
  const accounts = useQuery(listAccountsQuery());
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const [removing, setRemoving] = useState<AccountView | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const { error, setError, attempt } = useAttempt(initialError);
  const reload = () => dropChanged(queries, "add_account");

  // A key is sent only to the server it was entered for: when the account's
  // address names another one, its form opens to take the key again.
  const askForKey = (account: AccountView) => setForm({ mode: "edit", account, keyNeeded: true });

  const open = (account: AccountView) =>
    void attempt(async () => {
      setOpening(account.id);
      try {
        const workspace = await openAccount(account.id);
        queries.removeQueries({ predicate: (q) => q.queryKey[0] !== listAccountsKey()[0] });
        setWorkspace(workspace);
        await navigate({ to: "/w/lists" });
      } catch (reason) {
        if (toDeskError(reason).code === "keyNotForThisAddress") askForKey(account);
        throw reason;
      } finally {
        setOpening(null);
      }
    });

  const lastOpened = accounts.data?.accounts.find((a) => a.id === accounts.data?.lastOpened);
  const startKeyRefused = initialError?.code === "keyNotForThisAddress";
  useEffect(() => {
    if (startKeyRefused && lastOpened) askForKey(lastOpened);
  }, [startKeyRefused, lastOpened]);

  const own = accounts.data?.accounts.filter((a) => !a.demo) ?? [];
  const demo = accounts.data?.accounts.find((a) => a.demo);
  const moved = accounts.data?.damagedFileMovedTo;

  return (
    <main className={styles.screen}>
      <div className={styles.column}>
        <header className={styles.welcome}>
          <span className={styles.mark} aria-hidden="true">
            ✉
          </span>
          <h1>Campaign Desk</h1>
          <p>{t("accounts.tagline")}</p>
        </header>
        {moved && (
          <p className={styles.notice} role="status" data-testid="accounts-moved">
            {t("accounts.damagedMoved", { path: moved })}
          </p>
        )}
        {accounts.error && <ErrorNotice error={toDeskError(accounts.error)} />}
        {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
        {form.mode !== "closed" ? (
          <AccountForm
            editing={form.mode === "edit" ? form.account : undefined}
            keyNeeded={form.mode === "edit" && form.keyNeeded}
            onCancel={() => setForm({ mode: "closed" })}
            onSaved={(saved) => {
              setForm({ mode: "closed" });
              void reload();
              open(saved);
            }}
          />
        ) : (
          <div className={styles.list} data-testid="account-list">
            {demo && (
              <div className={`${styles.card} ${styles.account}`}>
                <div>
                  <div className={styles.name}>{t("accounts.demo.name")}</div>
                  <div className={styles.detail}>{t("accounts.demo.description")}</div>
                </div>
                <Button variant="primary" onClick={() => open(demo)} disabled={opening !== null} data-testid="open-demo">
                  {opening === demo.id ? t("accounts.opening") : t("accounts.demo.open")}
                </Button>
              </div>
            )}
            {own.map((account) => (
              <div className={`${styles.card} ${styles.account}`} key={account.id} data-testid="account-card">
                <div>
                  <div className={styles.name}>{account.name}</div>
                  <div className={styles.detail}>{account.baseUrl}</div>
                </div>
                <div className={styles.actions}>
                  <Button variant="ghost" onClick={() => setForm({ mode: "edit", account })} data-testid="edit-account">
                    {t("common.edit")}
                  </Button>
                  <Button variant="ghost" onClick={() => setRemoving(account)} data-testid="remove-account">
                    {t("common.remove")}
                  </Button>
                  <Button variant="primary" onClick={() => open(account)} disabled={opening !== null} data-testid="open-account">
                    {opening === account.id ? t("accounts.opening") : t("accounts.open")}
                  </Button>
                </div>
              </div>
            ))}
            <Button className={styles.add} onClick={() => setForm({ mode: "add" })} data-testid="add-account">
              {t("accounts.add")}
            </Button>
          </div>
        )}
        <div className={styles.language}>
          <LanguageSelect />
        </div>
      </div>
      {removing && (
        <ConfirmDialog
          title={t("accounts.remove.title", { name: removing.name })}
          confirmLabel={t("accounts.remove.confirm")}
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await removeAccount(removing.id);
            await reload();
          }}
        >
          <p>{t("accounts.remove.body")}</p>
        </ConfirmDialog>
      )}
    </main>
  );
}

import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import type { DeskError } from "../ipc/bindings/DeskError";
import { listAccounts, openAccount } from "../ipc/commands";
import { toDeskError } from "../ipc/errors";
import { useT } from "../i18n/I18n";
import { AccountsScreen } from "../areas/accounts/AccountsScreen";
import styles from "./StartScreen.module.css";
import { useWorkspace } from "./workspace";

/** The account used last is reopened once, when the app starts; later visits to `/` choose. */
let reopened = false;

/** Reopens the account used last; on any trouble, shows the accounts with the reason. */
export function StartScreen() {
  const t = useT();
  const navigate = useNavigate();
  const { setWorkspace } = useWorkspace();
  const [failed, setFailed] = useState<{ error: DeskError | null } | null>(null);

  useEffect(() => {
    if (reopened) {
      void navigate({ to: "/accounts" });
      return;
    }
    reopened = true;
    let current = true;
    listAccounts()
      .then(async (view) => {
        if (!view.lastOpened) return current && setFailed({ error: null });
        const workspace = await openAccount(view.lastOpened);
        if (!current) return;
        setWorkspace(workspace);
        void navigate({ to: "/w/lists" });
      })
      .catch((reason) => current && setFailed({ error: toDeskError(reason) }));
    return () => {
      current = false;
    };
  }, [navigate, setWorkspace]);

  if (failed) return <AccountsScreen initialError={failed.error} />;
  return <div className={styles.starting}>{t("app.opening")}</div>;
}

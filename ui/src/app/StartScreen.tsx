import { useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useState } from "react";
import type { DeskError } from "../ipc/bindings/DeskError";
import { toDeskError } from "../ipc/errors";
import { useT } from "../i18n/I18n";
import { startOpening, startShown } from "./start";
import styles from "./StartScreen.module.css";

/** Only when no account reopens: kept out of the first chunk. */
const AccountsScreen = lazy(() => import("../areas/accounts/AccountsScreen").then((m) => ({ default: m.AccountsScreen })));

/** What shows while the account used last opens. */
export function Opening() {
  const t = useT();
  return <div className={styles.starting}>{t("app.opening")}</div>;
}

/**
 * Why the account used last did not reopen at start (the shell waits for it
 * and sends the page here when it fails): the accounts, with the reason.
 */
export function StartScreen() {
  const navigate = useNavigate();
  const [failed, setFailed] = useState<{ error: DeskError | null } | null>(null);

  useEffect(() => {
    const opening = startOpening();
    if (!opening) {
      void navigate({ to: "/accounts" });
      return;
    }
    let current = true;
    opening
      .then(
        () => null,
        (reason) => toDeskError(reason),
      )
      .then((error) => {
        if (!current) return;
        startShown();
        setFailed({ error });
      });
    return () => {
      current = false;
    };
  }, [navigate]);

  const opening = <Opening />;
  if (failed) {
    return (
      <Suspense fallback={opening}>
        <AccountsScreen initialError={failed.error} />
      </Suspense>
    );
  }
  return opening;
}

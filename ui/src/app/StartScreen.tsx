import { useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useState } from "react";
import type { DeskError } from "../ipc/bindings/DeskError";
import { toDeskError } from "../ipc/errors";
import { useT } from "../i18n/I18n";
import { AREAS } from "../areas";
import { areaPath } from "./area";
import { startOpening, startShown } from "./start";
import styles from "./StartScreen.module.css";
import { useWorkspace } from "./workspace";

/** Only when no account reopens: kept out of the first chunk. */
const AccountsScreen = lazy(() => import("../areas/accounts/AccountsScreen").then((m) => ({ default: m.AccountsScreen })));

/** What shows while the account used last opens. */
export function Opening() {
  const t = useT();
  return <div className={styles.starting}>{t("app.opening")}</div>;
}

/** Shows the account used last, reopened as the app started; on any trouble, the accounts with the reason. */
export function StartScreen() {
  const navigate = useNavigate();
  const { setWorkspace } = useWorkspace();
  const [failed, setFailed] = useState<{ error: DeskError | null } | null>(null);

  useEffect(() => {
    const opening = startOpening();
    if (!opening) {
      void navigate({ to: "/accounts" });
      return;
    }
    let current = true;
    opening
      .then((workspace) => {
        if (!current) return;
        startShown();
        if (!workspace) return setFailed({ error: null });
        setWorkspace(workspace);
        void navigate({ to: areaPath(AREAS[0].id) });
      })
      .catch((reason) => {
        if (!current) return;
        startShown();
        setFailed({ error: toDeskError(reason) });
      });
    return () => {
      current = false;
    };
  }, [navigate, setWorkspace]);

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

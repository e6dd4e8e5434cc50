import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useState } from "react";
import type { DeskError } from "../ipc/bindings/DeskError";
import { listAccounts, openAccount } from "../ipc/commands";
import { toDeskError } from "../ipc/errors";
import { useT } from "../i18n/I18n";
import { AREAS } from "../areas";
import { areaPath } from "./area";
import styles from "./StartScreen.module.css";
import { useWorkspace } from "./workspace";

/** Only when no account reopens: kept out of the first chunk. */
const AccountsScreen = lazy(() => import("../areas/accounts/AccountsScreen").then((m) => ({ default: m.AccountsScreen })));

/** The account used last is reopened once, when the app starts; later visits to `/` choose. */
let reopened = false;

/** Reopens the account used last; on any trouble, shows the accounts with the reason. */
export function StartScreen() {
  const t = useT();
  const navigate = useNavigate();
  const router = useRouter();
  const queries = useQueryClient();
  const { setWorkspace } = useWorkspace();
  const [failed, setFailed] = useState<{ error: DeskError | null } | null>(null);

  useEffect(() => {
    if (reopened) {
      void navigate({ to: "/accounts" });
      return;
    }
    reopened = true;
    let current = true;
    // Everything the first screen needs, side by side rather than one after another:
    // the area's code while the account opens, its data as soon as it is open.
    const first = AREAS[0];
    void router.preloadRoute({ to: areaPath(first.id) }).catch(() => {});
    listAccounts()
      .then(async (view) => {
        if (!view.lastOpened) return current && setFailed({ error: null });
        const workspace = await openAccount(view.lastOpened);
        if (!current) return;
        first.prefetch?.(queries);
        setWorkspace(workspace);
        void navigate({ to: areaPath(first.id) });
      })
      .catch((reason) => current && setFailed({ error: toDeskError(reason) }));
    return () => {
      current = false;
    };
  }, [navigate, queries, router, setWorkspace]);

  const opening = <div className={styles.starting}>{t("app.opening")}</div>;
  if (failed) {
    return (
      <Suspense fallback={opening}>
        <AccountsScreen initialError={failed.error} />
      </Suspense>
    );
  }
  return opening;
}

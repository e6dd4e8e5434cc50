import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import type { AccountView } from "../ipc/bindings/AccountView";
import { listAccountsKey, openAccount } from "../ipc/commands";
import { toDeskError } from "../ipc/errors";
import { explain } from "../i18n/explain";
import { useT } from "../i18n/I18n";
import { useToast } from "../kit/Toast";
import { readyToLeave } from "./leaving";
import { forgetPlaces } from "./places";
import { useWorkspace } from "./workspace";

/**
 * Leaving the open account for the accounts screen, and opening another
 * account from anywhere (the command palette). Both ask first about sends
 * still waiting (`readyToLeave`), and neither lets an answer of one
 * account be shown in another: everything cached goes with the account.
 */
export function useSwitchAccount() {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const { workspace, setWorkspace } = useWorkspace();

  /** To the accounts screen; `false` when the user chose to stay. */
  const leave = useCallback(async () => {
    if (!(await readyToLeave())) return false;
    await navigate({ to: "/accounts" });
    forgetPlaces();
    queries.clear();
    setWorkspace(null);
    return true;
  }, [navigate, queries, setWorkspace]);

  /**
   * Opens `account` on its lists, by way of the accounts screen, as though
   * chosen there: should it not open (its key wanted again, the service
   * away), the user is where that is put right, told why.
   */
  const open = useCallback(
    async (account: AccountView) => {
      if (workspace?.account.id === account.id) return;
      if (workspace && !(await leave())) return;
      try {
        const opened = await openAccount(account.id);
        queries.removeQueries({ predicate: (q) => q.queryKey[0] !== listAccountsKey()[0] });
        setWorkspace(opened);
        await navigate({ to: "/w/lists" });
      } catch (reason) {
        toast(explain(toDeskError(reason), t).title, "error");
      }
    },
    [workspace, leave, queries, setWorkspace, navigate, toast, t],
  );

  return { leave, open };
}

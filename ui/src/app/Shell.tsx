import { Outlet, useNavigate, useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { rememberPlace } from "./places";
import styles from "./Shell.module.css";
import { Sidebar } from "./Sidebar";
import { useWorkspace } from "./workspace";

/** The open workspace: the sidebar, and the current area beside it. */
export function Shell() {
  const { workspace } = useWorkspace();
  const navigate = useNavigate();
  const location = useRouterState({ select: (s) => s.location });

  // No open account (the app was reloaded, or the account was closed): choose one.
  // An effect, not <Navigate>, which would navigate again on every render of the transition.
  useEffect(() => {
    if (!workspace) void navigate({ to: "/accounts", replace: true });
  }, [workspace, navigate]);

  useEffect(() => {
    rememberPlace(location.pathname, location.searchStr);
  }, [location.pathname, location.searchStr]);

  if (!workspace) return null;
  return (
    <div className={styles.shell}>
      <Sidebar workspace={workspace} />
      <main className={styles.content} key={workspace.account.id}>
        <Outlet />
      </main>
    </div>
  );
}

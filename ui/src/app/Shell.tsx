import { Navigate, Outlet, useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { rememberPlace } from "./places";
import styles from "./Shell.module.css";
import { Sidebar } from "./Sidebar";
import { useWorkspace } from "./workspace";

/** The open workspace: the sidebar, and the current area beside it. */
export function Shell() {
  const { workspace } = useWorkspace();
  const location = useRouterState({ select: (s) => s.location });

  useEffect(() => {
    rememberPlace(location.pathname, location.searchStr);
  }, [location.pathname, location.searchStr]);

  if (!workspace) return <Navigate to="/" />;
  return (
    <div className={styles.shell}>
      <Sidebar workspace={workspace} />
      <main className={styles.content} key={workspace.account.id}>
        <Outlet />
      </main>
    </div>
  );
}

import { Outlet, useNavigate, useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { AREAS } from "../areas";
import { pendingSends } from "../kit/UndoWindow";
import { CrashOffer } from "./CrashOffer";
import { LinkGuard } from "./LinkGuard";
import { PendingSendsBar } from "./PendingSends";
import { rememberPlace } from "./places";
import { startOpening, startShown } from "./start";
import styles from "./Shell.module.css";
import { Sidebar } from "./Sidebar";
import { Opening } from "./StartScreen";
import { useWorkspace } from "./workspace";

/** The open workspace: the sidebar, and the current area beside it. */
export function Shell() {
  const { workspace, setWorkspace } = useWorkspace();
  const navigate = useNavigate();
  const location = useRouterState({ select: (s) => s.location });

  // No open account: at start, wait for the one reopening (on any trouble, `/`
  // shows the accounts and why); later (the account was closed), choose one.
  // An effect, not <Navigate>, which would navigate again on every render of the transition.
  useEffect(() => {
    if (workspace) return;
    performance.mark("start: first render");
    const opening = startOpening();
    if (!opening) {
      void navigate({ to: "/accounts", replace: true });
      return;
    }
    let current = true;
    const explain = () => current && void navigate({ to: "/", replace: true });
    opening.then((reopened) => {
      if (!current) return;
      if (!reopened) return explain();
      startShown();
      setWorkspace(reopened);
    }, explain);
    return () => {
      current = false;
    };
  }, [workspace, navigate, setWorkspace]);

  useEffect(() => {
    rememberPlace(location.pathname, location.searchStr);
  }, [location.pathname, location.searchStr]);

  // Leaving the account asks first (see `readyToLeave`), so nothing is pending here; should a
  // way out not ask, what the user confirmed goes now, while it is still the account open,
  // rather than later into whichever account is opened next.
  useEffect(() => () => void pendingSends.sendAllNow(), []);

  if (!workspace) return <Opening />;
  return (
    <div className={styles.shell}>
      <Sidebar workspace={workspace} />
      <div className={styles.column}>
        <PendingSendsBar />
        <CrashOffer />
        <main className={styles.content} key={workspace.account.id}>
          <Outlet />
        </main>
      </div>
      <LinkGuard />
      {AREAS.map((area) => area.Notice && <area.Notice key={area.id} />)}
    </div>
  );
}

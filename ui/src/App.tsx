import { useEffect, useState } from "react";
import { AREAS, type AreaId } from "./areas";
import { AccountsScreen } from "./areas/accounts/AccountsScreen";
import { ListsArea } from "./areas/lists/ListsArea";
import { ComingSoon } from "./areas/placeholder/ComingSoon";
import { Sidebar } from "./components/Sidebar";
import type { UiError } from "./ipc/bindings/UiError";
import type { Workspace } from "./ipc/bindings/Workspace";
import { listAccounts, openAccount } from "./ipc/commands";
import { toUiError } from "./ipc/errors";

type Screen = { kind: "starting" } | { kind: "accounts"; error: UiError | null } | { kind: "workspace"; workspace: Workspace };

export function App() {
  const [screen, setScreen] = useState<Screen>({ kind: "starting" });
  const [area, setArea] = useState<AreaId>("lists");

  // Reopen the account used last; on any trouble, show the accounts with the reason.
  useEffect(() => {
    listAccounts()
      .then(async (view) => {
        if (!view.last_opened) return setScreen({ kind: "accounts", error: null });
        const workspace = await openAccount(view.last_opened);
        setScreen({ kind: "workspace", workspace });
      })
      .catch((reason) => setScreen({ kind: "accounts", error: toUiError(reason) }));
  }, []);

  if (screen.kind === "starting") {
    return <div className="starting">Opening Campaign Desk…</div>;
  }
  if (screen.kind === "accounts") {
    return (
      <AccountsScreen
        initialError={screen.error}
        onOpened={(workspace) => {
          setArea("lists");
          setScreen({ kind: "workspace", workspace });
        }}
      />
    );
  }
  const current = AREAS.find((a) => a.id === area) ?? AREAS[0];
  return (
    <div className="shell">
      <Sidebar
        current={area}
        onSelect={setArea}
        workspace={screen.workspace}
        onSwitchAccount={() => setScreen({ kind: "accounts", error: null })}
      />
      <main className="content" key={screen.workspace.account.id}>
        {current.id === "lists" ? <ListsArea /> : <ComingSoon area={current} />}
      </main>
    </div>
  );
}

import { useCallback, useEffect, useState } from "react";
import type { List } from "../../ipc/bindings/List";
import type { UiError } from "../../ipc/bindings/UiError";
import { createList, deleteList, listLists, renameList } from "../../ipc/commands";
import { toUiError } from "../../ipc/errors";
import { formatCount, plural } from "../../lib/format";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorNotice } from "../../components/ErrorNotice";
import { ListNameDialog } from "./ListNameDialog";
import { ListsTable } from "./ListsTable";
import { MembersView } from "./MembersView";

type Dialog = { kind: "none" } | { kind: "create" } | { kind: "rename"; list: List } | { kind: "delete"; list: List };

export function ListsArea() {
  const [lists, setLists] = useState<List[] | null>(null);
  const [error, setError] = useState<UiError | null>(null);
  const [dialog, setDialog] = useState<Dialog>({ kind: "none" });
  const [opened, setOpened] = useState<List | null>(null);

  const reload = useCallback(async () => {
    try {
      setLists(await listLists());
      setError(null);
    } catch (reason) {
      setError(toUiError(reason));
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const close = useCallback(() => setDialog({ kind: "none" }), []);

  if (opened) {
    return <MembersView list={opened} onBack={() => setOpened(null)} />;
  }

  const subscribers = lists?.reduce((sum, l) => sum + l.count_all, 0) ?? 0;

  return (
    <section className="area">
      <header className="area-header">
        <div>
          <h1>Lists</h1>
          {lists && (
            <p className="subtitle">
              {plural(lists.length, "list", "lists")} · {formatCount(subscribers)} subscriber records
            </p>
          )}
        </div>
        <button type="button" className="button-primary" onClick={() => setDialog({ kind: "create" })} data-testid="new-list">
          + New list
        </button>
      </header>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      {lists === null && !error && <div className="empty">Loading lists…</div>}
      {lists && lists.length === 0 && (
        <div className="empty">
          <p className="empty-title">No lists yet.</p>
          <p>Create a list to start collecting subscribers.</p>
        </div>
      )}
      {lists && lists.length > 0 && (
        <ListsTable
          lists={lists}
          onOpen={setOpened}
          onRename={(list) => setDialog({ kind: "rename", list })}
          onDelete={(list) => setDialog({ kind: "delete", list })}
        />
      )}
      {dialog.kind === "create" && (
        <ListNameDialog
          title="New list"
          submitLabel="Create list"
          onClose={close}
          onSubmit={async (name) => {
            await createList(name);
            await reload();
          }}
        />
      )}
      {dialog.kind === "rename" && (
        <ListNameDialog
          title={`Rename “${dialog.list.name}”`}
          initialName={dialog.list.name}
          submitLabel="Rename"
          onClose={close}
          onSubmit={async (name) => {
            await renameList({ list_id: dialog.list.id, name });
            await reload();
          }}
        />
      )}
      {dialog.kind === "delete" && (
        <ConfirmDialog
          title={`Delete “${dialog.list.name}”?`}
          confirmLabel="Delete list"
          onClose={close}
          onConfirm={async () => {
            await deleteList(dialog.list.id);
            await reload();
          }}
        >
          <p>
            The list and its {plural(dialog.list.count_all, "subscriber record", "subscriber records")} are removed from the
            service for good. Campaigns already sent keep their reports.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

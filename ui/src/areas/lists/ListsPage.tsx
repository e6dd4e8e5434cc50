import { useNavigate } from "@tanstack/react-router";
import { useLayoutEffect, useState } from "react";
import type { ListSummary } from "../../ipc/bindings/ListSummary";
import { toDeskError } from "../../ipc/errors";
import { useFormat, useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { ConfirmDialog } from "../../kit/ActionDialog";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { Menu } from "../../kit/Menu";
import { moveAmongRows } from "../../kit/rowKeys";
import { useToast } from "../../kit/Toast";
import { NameDialog } from "../../kit/NameDialog";
import { usePaletteActions } from "../../kit/palette";
import styles from "../../kit/Page.module.css";
import { useCreateList, useDeleteList, useRenameList } from "../../ipc/commands";
import { useLists } from "./queries";
import { ListStatusBadge } from "../../kit/StateBadge";
import { AddressFinder } from "./AddressFinder";
import own from "./ListPage.module.css";

type Dialog = { kind: "none" } | { kind: "create" } | { kind: "rename"; list: ListSummary } | { kind: "delete"; list: ListSummary };

export function ListsPage() {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const navigate = useNavigate();
  const lists = useLists();
  const create = useCreateList();
  const rename = useRenameList();
  const remove = useDeleteList();
  const [dialog, setDialog] = useState<Dialog>({ kind: "none" });
  const close = () => setDialog({ kind: "none" });
  const open = (list: ListSummary) => void navigate({ to: "/w/lists/$listId", params: { listId: String(list.id) } });
  const across = (who: "unsubscribed" | "complained") => void navigate({ to: "/w/lists/across/$who", params: { who } });
  usePaletteActions([
    { id: "new-list", label: "lists.palette.new", run: () => setDialog({ kind: "create" }) },
    { id: "across-unsubscribed", label: "lists.palette.unsubscribed", run: () => across("unsubscribed") },
    { id: "across-complained", label: "lists.palette.complained", run: () => across("complained") },
  ]);
  const shown = Boolean(lists.data);
  // When the table is in the page (a plain effect would wait for the next frame).
  useLayoutEffect(() => {
    if (shown) performance.mark("start: lists shown");
  }, [shown]);
  const subscribers = lists.data?.reduce((sum, l) => sum + l.counts.all, 0) ?? 0;

  return (
    <section className={styles.area}>
      <header className={styles.header}>
        <div>
          <h1>{t("lists.title")}</h1>
          {lists.data && (
            <p className={styles.subtitle}>
              {t("lists.summary", { lists: lists.data.length, subscribers, subscribersText: format.count(subscribers) })}
            </p>
          )}
        </div>
        {lists.data && lists.data.length > 0 && <AddressFinder lists={lists.data} />}
        {lists.data && lists.data.length > 0 && (
          <div className={own.tools}>
            <Button onClick={() => void navigate({ to: "/w/lists/across/$who", params: { who: "unsubscribed" } })} data-testid="across-unsubscribed">
              {t("lists.across.unsubscribedButton")}
            </Button>
            <Button onClick={() => void navigate({ to: "/w/lists/across/$who", params: { who: "complained" } })} data-testid="across-complained">
              {t("lists.across.complainedButton")}
            </Button>
          </div>
        )}
        <Button variant="primary" onClick={() => setDialog({ kind: "create" })} data-testid="new-list">
          {t("lists.new")}
        </Button>
      </header>
      {lists.error && <ErrorNotice error={toDeskError(lists.error)} />}
      {lists.isPending && <div className={styles.empty}>{t("lists.loading")}</div>}
      {lists.data?.length === 0 && (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{t("lists.none")}</p>
          <p>{t("lists.noneHint")}</p>
        </div>
      )}
      {lists.data && lists.data.length > 0 && (
        <div className={styles.wrap}>
          <table className={styles.table} data-testid="lists-table">
            <thead>
              <tr>
                <th className={styles.nameCell}>{t("lists.column.name")}</th>
                <th className={styles.num}>{t("lists.column.subscribers")}</th>
                <th className={styles.num}>{t("state.active")}</th>
                <th className={styles.num}>{t("state.unsubscribed")}</th>
                <th className={styles.num}>{t("state.bounced")}</th>
                <th className={styles.num}>{t("state.complained")}</th>
                <th>{t("lists.column.created")}</th>
                <th>
                  <span className={styles.unseen}>{t("common.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody onKeyDown={moveAmongRows}>
              {lists.data.map((list) => (
                <tr key={list.id} data-testid="list-row" data-list-name={list.name}>
                  <td>
                    <Button variant="link" onClick={() => open(list)} data-testid="open-list">
                      {list.name}
                    </Button>{" "}
                    {list.status !== "active" && <ListStatusBadge status={list.status} />}
                    {list.description && <div className={styles.detail}>{list.description}</div>}
                  </td>
                  <td className={`${styles.num} ${styles.strong}`}>{format.count(list.counts.all)}</td>
                  <td className={styles.num}>{format.count(list.counts.active)}</td>
                  <td className={styles.num}>{format.count(list.counts.unsubscribed)}</td>
                  <td className={styles.num}>{format.count(list.counts.bounced)}</td>
                  <td className={styles.num}>{format.count(list.counts.complained)}</td>
                  <td className={styles.nowrap}>{format.shortDate(list.createdAt)}</td>
                  <td className={styles.actions}>
                    <Menu
                      label={t("lists.actionsFor", { name: list.name })}
                      testId="list-menu"
                      rowOnly={[{ label: t("contextMenu.open"), onSelect: () => open(list), testId: "context-open" }]}
                      items={[
                        { label: t("lists.rename"), onSelect: () => setDialog({ kind: "rename", list }), testId: "rename-list" },
                        { label: t("lists.delete"), onSelect: () => setDialog({ kind: "delete", list }), danger: true, testId: "delete-list" },
                      ]}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {dialog.kind === "create" && (
        <NameDialog
          title={t("lists.new.title")}
          label={t("lists.name")}
          placeholder={t("lists.namePlaceholder")}
          testId="list-name"
          submitLabel={t("lists.new.submit")}
          onClose={close}
          onSubmit={async (name) => {
            await create.mutateAsync({ name });
            toast(t("lists.created", { name: name.trim() }));
          }}
        />
      )}
      {dialog.kind === "rename" && (
        <NameDialog
          title={t("lists.rename.title", { name: dialog.list.name })}
          label={t("lists.name")}
          placeholder={t("lists.namePlaceholder")}
          testId="list-name"
          initialName={dialog.list.name}
          submitLabel={t("lists.rename.submit")}
          onClose={close}
          onSubmit={async (name) => {
            await rename.mutateAsync({ listId: dialog.list.id, name });
          }}
        />
      )}
      {dialog.kind === "delete" && (
        <ConfirmDialog
          title={t("lists.delete.title", { name: dialog.list.name })}
          confirmLabel={t("lists.delete.confirm")}
          onClose={close}
          onConfirm={async () => {
            await remove.mutateAsync({ listId: dialog.list.id });
            toast(t("lists.deleted", { name: dialog.list.name }));
          }}
        >
          <p>{t("lists.delete.body", { count: dialog.list.counts.all, countText: format.count(dialog.list.counts.all) })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useMemo, useRef, useState } from "react";
import type { DialogFilter } from "../../ipc/bindings/DialogFilter";
import type { DialogRow } from "../../ipc/bindings/DialogRow";
import { toDeskError } from "../../ipc/errors";
import { useFormat, useT } from "../../i18n/I18n";
import { useWorkspace } from "../../app/workspace";
import { Button } from "../../kit/Button";
import { Dialog } from "../../kit/Dialog";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { SearchInput } from "../../kit/Field";
import { usePaletteActions } from "../../kit/palette";
import { typingIn, useKeys } from "../../kit/shortcuts";
import { Tabs } from "../../kit/Tabs";
import { useDebounced } from "../../kit/useDebounced";
import { useToast } from "../../kit/Toast";
import styles from "./Inbox.module.css";
import type { InboxSearch } from "./inboxSearch";
import { useCloseDialog, useReopenDialog } from "../../ipc/commands";
import { prefetchThread, useCloseDialogs, useDialogs, useMarkThreadRead, useMarkThreadUnread, useThread, useUnreadCounts } from "./queries";
import { arrange } from "./arrange";
import { DialogList, KindTag } from "./DialogList";
import { FileAsMenu, useRefile } from "./FileAs";
import { ReplierPanel } from "./ReplierPanel";
import { ReplyBox } from "./ReplyBox";
import { SourceFilters } from "./SourceFilters";
import { Thread } from "./Thread";
import { refileFor, whyKey } from "./why";

/** How long the highlight rests on a dialog before it is read ahead. */
const READ_AHEAD_AFTER_MS = 150;

/** The keys of the inbox, as the shortcut sheet lists them. */
const SHORTCUTS = [
  ["j / k", "inbox.keys.next"],
  ["Enter", "inbox.keys.open"],
  ["r", "inbox.keys.reply"],
  ["e", "inbox.keys.close"],
  ["u", "inbox.keys.unread"],
  ["1–5", "inbox.keys.fileAs"],
  ["0", "inbox.keys.automatic"],
  ["Shift+U", "inbox.keys.unsubscribe"],
  ["/", "inbox.keys.search"],
  ["Esc", "inbox.keys.back"],
  ["?", "inbox.keys.help"],
] as const;

export function InboxPage() {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const search = useSearch({ strict: false }) as InboxSearch;
  const { workspace } = useWorkspace();
  const filter: DialogFilter = search.filter ?? "open";
  const selection = useMemo(
    () => ({ filter, unreadOnly: search.unread ?? false, search: search.q ?? null, campaignId: search.campaign ?? null, listId: search.list ?? null }),
    [filter, search.unread, search.q, search.campaign, search.list],
  );
  const dialogs = useDialogs(selection);
  const rows = useMemo(() => dialogs.data?.pages.flatMap((p) => p.rows) ?? [], [dialogs.data]);
  const counts = useUnreadCounts();
  const thread = useThread(search.dialog);
  const closeDialog = useCloseDialog();
  const closeDialogs = useCloseDialogs();
  const reopenDialog = useReopenDialog();
  const markRead = useMarkThreadRead();
  const markUnread = useMarkThreadUnread();
  const { refile, error: refileError } = useRefile();
  const [openGroups, setOpenGroups] = useState<ReadonlySet<number>>(new Set());
  const items = useMemo(() => arrange(rows, openGroups), [rows, openGroups]);
  const [active, setActive] = useState<string | undefined>(search.dialog ? `d${search.dialog}` : undefined);
  const [typed, setTyped] = useState(search.q ?? "");
  const [help, setHelp] = useState(false);
  const [askingUnsubscribe, setAskingUnsubscribe] = useState(false);
  /** The open dialog the user marked unread: left unread while it stays open. */
  const [keptUnread, setKeptUnread] = useState<number>();
  const searchBox = useRef<HTMLInputElement>(null);
  const replyBox = useRef<HTMLTextAreaElement>(null);
  usePaletteActions([
    { id: "inbox-search", label: "inbox.palette.search", run: () => searchBox.current?.focus() },
    { id: "inbox-keys", label: "inbox.keys.title", run: () => setHelp(true) },
  ]);

  const setSearch = (next: Partial<InboxSearch>) =>
    void navigate({ to: "/w/inbox", search: (prev: InboxSearch) => ({ ...prev, ...next }), replace: true });
  const openDialog = (row: DialogRow | undefined) => {
    if (!row) return;
    setActive(`d${row.id}`);
    setKeptUnread(undefined);
    setSearch({ dialog: row.id, byLink: undefined });
  };
  // A dialog a link opened is the user's to read once they act on its
  // thread: a click or a key in its messages or the reply (its header's
  // buttons say themselves what they do to it).
  const actedOnThread = (event: { target: EventTarget | null }) => {
    if (!search.byLink) return;
    if (event.target instanceof Element && event.target.closest("header")) return;
    setSearch({ byLink: undefined });
  };
  const toggleGroup = (campaignId: number) => {
    setActive(`c${campaignId}`);
    setOpenGroups((open) => {
      const next = new Set(open);
      if (!next.delete(campaignId)) next.add(campaignId);
      return next;
    });
  };
  const closeAll = (group: DialogRow[]) =>
    closeDialogs.mutate(
      { dialogIds: group.map((row) => row.id) },
      { onSuccess: () => toast(t("inbox.closedAll", { count: group.length })) },
    );

  // The dialog highlighted (once the highlight rests, not at every j on the
  // way) is read ahead with its replier, so Enter shows them at once.
  const activeIndex = items.findIndex((i) => i.key === active);
  const highlighted = items[activeIndex];
  const ahead = useDebounced(highlighted?.type === "dialog" ? highlighted.row.id : undefined, READ_AHEAD_AFTER_MS);
  useEffect(() => {
    if (ahead !== undefined) prefetchThread(queries, ahead);
  }, [ahead, queries]);

  useEffect(() => {
    const id = window.setTimeout(() => typed.trim() !== (search.q ?? "") && setSearch({ q: typed.trim() || undefined }), 300);
    return () => window.clearTimeout(id);
  });

  const current = thread.data?.dialog;
  // A thread on screen is read: its unread messages are marked so once,
  // unless the user marked it unread while it is open, or a link opened it
  // and the user has not acted on it yet.
  const shownUnread =
    current && current.id === search.dialog && !search.byLink && current.unread > 0 && current.id !== keptUnread ? current.id : undefined;
  const { mutate: markShownRead } = markRead;
  useEffect(() => {
    if (shownUnread !== undefined) markShownRead({ dialogId: shownUnread });
  }, [shownUnread, markShownRead]);
  const closeOrReopen = () => {
    if (!current) return;
    if (current.state === "open") {
      closeDialog.mutate(
        { dialogId: current.id },
        {
          onSuccess: () => {
            toast(t("inbox.closed", { subscriber: current.subscriber }));
            const after = items.slice(items.findIndex((i) => i.key === `d${current.id}`) + 1);
            const next = after.find((i) => i.type === "dialog")?.row;
            if (filter !== "open") return;
            if (next) openDialog(next);
            else setSearch({ dialog: undefined });
          },
        },
      );
    } else {
      reopenDialog.mutate({ dialogId: current.id }, { onSuccess: () => toast(t("inbox.reopened", { subscriber: current.subscriber })) });
    }
  };
  const unread = () => {
    if (!current) return;
    setKeptUnread(current.id);
    markUnread.mutate({ dialogId: current.id }, { onSuccess: () => toast(t("inbox.markedUnread")) });
  };

  const move = (by: number) => {
    const index = Math.min(items.length - 1, Math.max(0, activeIndex + by));
    setActive(items[index]?.key);
  };
  // 1–5 file the open dialog's sender's replies as a kind, 0 gives them back to the automatic triage.
  const fileAs = (press: KeyboardEvent) => {
    const filing = refileFor(press);
    if (filing === undefined || !current || current.id !== search.dialog) return false;
    refile(current, filing);
  };
  useKeys(
    {
      Escape: (press) => {
        if (typingIn(press.target)) (press.target as HTMLElement).blur();
        else if (search.dialog) setSearch({ dialog: undefined });
        return false;
      },
      ...Object.fromEntries(["0", "1", "2", "3", "4", "5"].map((key) => [key, fileAs])),
      j: () => move(activeIndex < 0 ? 0 : 1),
      k: () => move(-1),
      Enter: () => {
        if (highlighted?.type === "dialog") openDialog(highlighted.row);
        if (highlighted?.type === "folded") toggleGroup(highlighted.campaignId);
      },
      r: () => replyBox.current?.focus(),
      e: () => (highlighted?.type === "folded" ? closeAll(highlighted.rows) : closeOrReopen()),
      u: unread,
      U: () => {
        if (current) setAskingUnsubscribe(true);
      },
      "/": () => searchBox.current?.focus(),
      "?": () => setHelp(true),
    },
    { enabled: !help && !askingUnsubscribe, always: ["Escape"] },
  );

  // Beside each tab, its unread replies, when there are some.
  const unreadIn = (n: number | undefined) => (n ? format.count(n) : undefined);
  const filterItems = [
    { value: "open" as const, label: t("inbox.filter.open"), count: unreadIn(counts.data?.open) },
    { value: "closed" as const, label: t("inbox.filter.closed"), count: unreadIn(counts.data?.closed) },
    { value: "all" as const, label: t("inbox.filter.all") },
  ];
  const failure = closeDialog.error ?? reopenDialog.error ?? markUnread.error ?? refileError;

  return (
    <section className={styles.area}>
      <div className={styles.listPane}>
        <header className={styles.listHeader}>
          <h1>{t("inbox.title")}</h1>
          <Button variant="ghost" onClick={() => setHelp(true)} aria-label={t("inbox.keys.title")} data-testid="shortcuts">
            ?
          </Button>
        </header>
        <Tabs label={t("inbox.filter.label")} value={filter} items={filterItems} onChange={(v) => setSearch({ filter: v === "open" ? undefined : v, dialog: undefined })} />
        <div className={styles.tools}>
          <SearchInput ref={searchBox} label={t("inbox.search")} value={typed} onChange={setTyped} data-testid="inbox-search" />
          <label className={styles.check}>
            <input type="checkbox" checked={search.unread ?? false} onChange={(e) => setSearch({ unread: e.target.checked || undefined })} />
            {t("inbox.unreadOnly")}
          </label>
          <SourceFilters campaign={search.campaign} list={search.list} onChange={(change) => setSearch({ ...change, dialog: undefined })} />
        </div>
        {closeDialogs.error && <ErrorNotice error={toDeskError(closeDialogs.error)} onDismiss={() => closeDialogs.reset()} />}
        {dialogs.error ? (
          <ErrorNotice error={toDeskError(dialogs.error)} />
        ) : dialogs.isPending ? (
          <p className={styles.muted}>{t("common.loading")}</p>
        ) : rows.length === 0 ? (
          <p className={styles.muted} data-testid="inbox-empty">{search.q ? t("inbox.noneFound", { q: search.q }) : t("inbox.none")}</p>
        ) : (
          <DialogList
            items={items}
            active={active}
            open={search.dialog}
            hasMore={dialogs.hasNextPage}
            // Not while the list is read again after a change: the next page would cancel that reading, and old rows would stay.
            loadMore={() => !dialogs.isFetching && void dialogs.fetchNextPage()}
            onOpen={openDialog}
            onActive={setActive}
            onToggle={toggleGroup}
            onCloseAll={closeAll}
          />
        )}
      </div>
      <div className={styles.threadPane} onPointerDown={actedOnThread} onKeyDown={actedOnThread} data-testid="thread-pane">
        {!search.dialog ? (
          <p className={styles.placeholder}>{t("inbox.choose")}</p>
        ) : thread.error ? (
          <ErrorNotice error={toDeskError(thread.error)} />
        ) : !thread.data ? (
          <p className={styles.muted}>{t("common.loading")}</p>
        ) : (
          <>
            <header className={styles.threadHeader}>
              <div>
                <h2 data-testid="thread-subject">{thread.data.dialog.subject}</h2>
                <p className={styles.muted}>
                  {thread.data.dialog.subscriber}
                  {thread.data.dialog.campaignName && ` · ${thread.data.dialog.campaignName}`}
                </p>
              </div>
              <div className={styles.threadActions}>
                <Button onClick={unread} data-testid="thread-unread">{t("inbox.markUnread")}</Button>
                <Button onClick={closeOrReopen} data-testid="thread-close">
                  {thread.data.dialog.state === "open" ? t("inbox.close") : t("inbox.reopen")}
                </Button>
              </div>
            </header>
            <p className={styles.why} data-testid="thread-why">
              <KindTag kind={thread.data.dialog.kind} sign={thread.data.dialog.sign} />
              {whyKey(thread.data.dialog.kind, thread.data.dialog.sign) && (
                <span>{t(whyKey(thread.data.dialog.kind, thread.data.dialog.sign)!)}</span>
              )}
              <FileAsMenu dialog={thread.data.dialog} onFile={(kind) => refile(thread.data.dialog, kind)} />
            </p>
            {failure && <ErrorNotice error={toDeskError(failure)} />}
            <ReplierPanel key={`replier-${thread.data.dialog.id}`} dialogId={thread.data.dialog.id} asking={askingUnsubscribe}
              onAsk={setAskingUnsubscribe}
              requested={thread.data.dialog.kind === "unsubscribe"}
            />
            <Thread thread={thread.data} />
            {workspace && (
              <ReplyBox
                key={`reply-${thread.data.dialog.id}`}
                ref={replyBox}
                accountId={workspace.account.id}
                dialogId={thread.data.dialog.id}
                subscriber={thread.data.dialog.subscriber}
                onSent={() => toast(t("inbox.sent", { subscriber: thread.data.dialog.subscriber }))}
              />
            )}
          </>
        )}
      </div>
      {help && (
        <Dialog title={t("inbox.keys.title")} onClose={() => setHelp(false)} busy={false}>
          <dl className={styles.keys} data-testid="shortcut-sheet">
            {SHORTCUTS.map(([key, label]) => (
              <div key={key}>
                <dt><kbd>{key}</kbd></dt>
                <dd>{t(label)}</dd>
              </div>
            ))}
          </dl>
        </Dialog>
      )}
    </section>
  );
}

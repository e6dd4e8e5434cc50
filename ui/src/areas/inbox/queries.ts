import { useInfiniteQuery, useQuery, useQueryClient, type Query, type QueryClient } from "@tanstack/react-query";
import type { DialogFilter } from "../../ipc/bindings/DialogFilter";
import type { SentReply } from "../../ipc/bindings/SentReply";
import { commandKey, useChange, type ChangeOptions } from "../../ipc/cache";
import {
  closeDialog,
  listDialogs,
  openThread,
  openThreadQuery,
  replierQuery,
  replySourcesQuery,
  unreadCounts,
  unreadCountsKey,
  unreadCountsQuery,
  useMarkRead,
  useMarkUnread,
  useSendReply,
} from "../../ipc/commands";
import { afterReply, countsAfter, holds, rowOf, threadRead, threadUnread, withRow, type DialogPages } from "./patches";

/**
 * Dialogs per request: as many as the service gives at once (200, one of
 * them asked only to know whether more follow). Auto-replies fold into a
 * row per campaign, so a page of mostly auto-replies holds few rows to
 * show: a large page fills the screen with one request.
 */
export const PAGE_SIZE = 199;
/** How often the unread count is asked for while the app is open. */
const UNREAD_EVERY_MS = 60_000;

export interface DialogSelection {
  filter: DialogFilter;
  unreadOnly: boolean;
  search: string | null;
  campaignId: number | null;
  listId: number | null;
}

/** The dialog list, page after page as it scrolls. */
export function useDialogs(selection: DialogSelection) {
  return useInfiniteQuery({
    queryKey: commandKey("list_dialogs", selection),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      listDialogs({
        filter: selection.filter,
        unreadOnly: selection.unreadOnly,
        campaignId: selection.campaignId,
        listId: selection.listId,
        search: selection.search,
        offset: pageParam,
        limit: PAGE_SIZE,
      }),
    getNextPageParam: (last) => (last.hasMore ? last.offset + last.rows.length : undefined),
  });
}

/**
 * A thread, with its replier: the answer carries both, and the replier's
 * own query is given its part, so the panel beside the thread shows with it
 * and asks nothing more.
 */
function threadQuery(queries: QueryClient, dialogId: number) {
  return {
    ...openThreadQuery(dialogId),
    queryFn: async () => {
      const thread = await openThread(dialogId);
      queries.setQueryData(replierQuery(dialogId).queryKey, thread.replier);
      return thread;
    },
  };
}

/** A thread. Reading one changes nothing; the screen marks it read once shown. */
export function useThread(dialogId: number | undefined) {
  const queries = useQueryClient();
  return useQuery({ ...threadQuery(queries, dialogId ?? 0), enabled: dialogId !== undefined });
}

/** Reads a thread ahead, so moving to it shows it at once. */
export function prefetchThread(queries: QueryClient, dialogId: number) {
  void queries.prefetchQuery(threadQuery(queries, dialogId));
}

/** Every cached page of dialogs, whatever the list's filters. */
const DIALOGS = { queryKey: commandKey("list_dialogs") };

/** Whether a cached list shows unread dialogs only: marking one read or unread changes which it shows. */
const unreadOnly = (query: Query) => (query.queryKey[1] as Partial<DialogSelection> | undefined)?.unreadOnly === true;

/**
 * Marks the dialog on screen at once: its thread, its rows and the unread
 * counts, all known from what is shown (the counts are asked again only
 * when the dialog is not); puts them back when the service refuses.
 * Answers how to put them back.
 */
function mark(queries: QueryClient, dialogId: number, read: boolean): () => void {
  const threadKey = openThreadQuery(dialogId).queryKey;
  const countsKey = unreadCountsQuery().queryKey;
  const thread = queries.getQueryData(threadKey);
  const counts = queries.getQueryData(countsKey);
  const lists = queries.getQueriesData<DialogPages>(DIALOGS);
  const before = thread?.dialog ?? lists.map(([, pages]) => pages && rowOf(pages, dialogId)).find((row) => row !== undefined);
  const marked = thread && (read ? threadRead(thread) : threadUnread(thread));
  const unread = marked?.dialog.unread ?? (read ? 0 : Math.max(before?.unread ?? 0, 1));
  if (marked) queries.setQueryData(threadKey, marked);
  queries.setQueriesData<DialogPages>(DIALOGS, (pages) => pages && withRow(pages, dialogId, (row) => ({ ...row, unread })));
  if (counts && before) queries.setQueryData(countsKey, countsAfter(counts, before.state, unread - before.unread));
  else void queries.invalidateQueries({ queryKey: countsKey });
  return () => {
    if (thread) queries.setQueryData(threadKey, thread);
    if (counts) queries.setQueryData(countsKey, counts);
    for (const [key, pages] of lists) queries.setQueryData(key, pages);
  };
}

function markOptions(queries: QueryClient, read: boolean): ChangeOptions<{ dialogId: number }, void> {
  return {
    onMutate: ({ dialogId }) => mark(queries, dialogId, read),
    onError: (_error, _variables, putBack) => (putBack as (() => void) | undefined)?.(),
    // Nothing else is read again for it, but lists of unread replies only: the mark changes which they hold.
    onSuccess: () => queries.invalidateQueries({ ...DIALOGS, predicate: unreadOnly }),
  };
}

/** Marks a thread read: shown so at once, with nothing read again for it. */
export function useMarkThreadRead() {
  return useMarkRead(markOptions(useQueryClient(), true));
}

/** Marks a thread's latest reply unread again: shown so at once, with nothing read again for it. */
export function useMarkThreadUnread() {
  return useMarkUnread(markOptions(useQueryClient(), false));
}

/**
 * Sends a reply. Its answer carries the thread with the reply in it: the
 * thread and the dialog's row (first now, as the newest) are shown from it,
 * and nothing is read again, except lists that did not hold the row (the
 * reply may have moved it into their pages).
 */
export function useSendThreadReply() {
  const queries = useQueryClient();
  return useSendReply({
    onSuccess: (sent: SentReply, { dialogId }) => {
      const threadKey = openThreadQuery(dialogId).queryKey;
      const now = sent.thread;
      if (!now) return queries.invalidateQueries({ queryKey: threadKey });
      queries.setQueryData(threadKey, (thread) => thread && { ...thread, dialog: now.dialog, entries: now.entries });
      queries.setQueriesData<DialogPages>(DIALOGS, (pages) => pages && afterReply(pages, now.dialog));
      const without = (query: Query) => {
        const pages = query.state.data as DialogPages | undefined;
        return pages !== undefined && !holds(pages, dialogId);
      };
      return queries.invalidateQueries({ ...DIALOGS, predicate: without });
    },
  });
}

/** After failures, wait longer: a minute doubled per failure, at most a quarter of an hour. */
const UNREAD_AT_MOST_MS = 15 * 60_000;

/**
 * How long until the unread count is asked for again: every minute; after
 * failures, twice as long each time (up to 15 minutes); not at all while
 * the computer is offline (asked again when it is back).
 */
export function unreadInterval(failures: number, online: boolean): number | false {
  if (!online) return false;
  return Math.min(UNREAD_EVERY_MS * 2 ** failures, UNREAD_AT_MOST_MS);
}

/** Failures of the unread count in a row, since it last answered. */
let unreadFailures = 0;

async function countUnread() {
  try {
    const counts = await unreadCounts();
    unreadFailures = 0;
    return counts;
  } catch (reason) {
    unreadFailures += 1;
    throw reason;
  }
}

/**
 * Unread replies, for the sidebar's badge: asked for again as
 * `unreadInterval` says and after every change that drops them; a screen
 * that shows them too (the inbox's tabs) does not ask again on its own.
 */
export function useUnreadCounts() {
  return useQuery({
    queryKey: unreadCountsKey(),
    queryFn: countUnread,
    staleTime: UNREAD_EVERY_MS,
    refetchInterval: () => unreadInterval(unreadFailures, navigator.onLine),
    refetchOnReconnect: true,
  });
}

/** Closes dialogs one after another (the folded auto-replies of a campaign), stopping at the first refusal. */
export const useCloseDialogs = () =>
  useChange("close_dialog", async ({ dialogIds }: { dialogIds: number[] }) => {
    for (const dialogId of dialogIds) await closeDialog(dialogId);
  });

/** The campaigns and lists replies can be narrowed to. */
export function useReplySources() {
  return useQuery({ ...replySourcesQuery(), staleTime: 5 * 60_000 });
}

/**
 * Who wrote the dialog's replies: their record, activity, campaign and
 * fields. Their thread brings them (see `threadQuery`); asked for on their
 * own only when nothing has, or once a change drops them (an unsubscribe).
 */
export function useReplier(dialogId: number) {
  return useQuery({ ...replierQuery(dialogId), staleTime: Infinity });
}

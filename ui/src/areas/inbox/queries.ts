import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { DialogFilter } from "../../ipc/bindings/DialogFilter";
import type { ReplyDraft } from "../../ipc/bindings/ReplyDraft";
import type { ReplyKind } from "../../ipc/bindings/ReplyKind";
import {
  closeDialog,
  listDialogs,
  markRead,
  markSender,
  markUnread,
  openThread,
  reopenDialog,
  replier,
  replySources,
  sendReply,
  unreadCounts,
  unsubscribeReplier,
} from "../../ipc/commands";

/** Dialogs per request: the service allows up to 200. */
export const PAGE_SIZE = 100;
/** How often the unread count is asked for while the app is open. */
const UNREAD_EVERY_MS = 60_000;

export const keys = {
  dialogs: ["list_dialogs"] as const,
  thread: (dialogId: number) => ["open_thread", dialogId] as const,
  unread: ["unread_counts"] as const,
  replier: (dialogId: number) => ["replier", dialogId] as const,
  sources: ["reply_sources"] as const,
};

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
    queryKey: [...keys.dialogs, selection],
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

const threadQuery = (dialogId: number) => ({ queryKey: keys.thread(dialogId), queryFn: () => openThread(dialogId) });

/** A thread. Reading one changes nothing; the screen marks it read once shown. */
export function useThread(dialogId: number | undefined) {
  return useQuery({ ...threadQuery(dialogId ?? 0), enabled: dialogId !== undefined });
}

/** Reads a thread ahead, so moving to it shows it at once. */
export function prefetchThread(queries: QueryClient, dialogId: number) {
  void queries.prefetchQuery(threadQuery(dialogId));
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

/** Unread replies, for the sidebar's badge: asked for again as `unreadInterval` says, and after every change. */
export function useUnreadCounts() {
  return useQuery({
    queryKey: keys.unread,
    queryFn: countUnread,
    refetchInterval: () => unreadInterval(unreadFailures, navigator.onLine),
    refetchOnReconnect: true,
  });
}

/** Every change to dialogs re-reads, once, the list, the threads on screen and the counts. */
function useDialogChange<A>(change: (args: A) => Promise<unknown>) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all([
        queries.invalidateQueries({ queryKey: keys.dialogs }),
        queries.invalidateQueries({ queryKey: ["open_thread"] }),
        queries.invalidateQueries({ queryKey: keys.unread }),
      ]),
  });
}

export const useSendReply = () =>
  useDialogChange(({ dialogId, draft }: { dialogId: number; draft: ReplyDraft }) => sendReply(dialogId, draft));
export const useCloseDialog = () => useDialogChange(({ dialogId }: { dialogId: number }) => closeDialog(dialogId));
/** Closes dialogs one after another (the folded auto-replies of a campaign), stopping at the first refusal. */
export const useCloseDialogs = () =>
  useDialogChange(async ({ dialogIds }: { dialogIds: number[] }) => {
    for (const dialogId of dialogIds) await closeDialog(dialogId);
  });
export const useReopenDialog = () => useDialogChange(({ dialogId }: { dialogId: number }) => reopenDialog(dialogId));
/** Unsubscribing a replier changes their record: the panel and the lists' counts are read again. */
/** The campaigns and lists replies can be narrowed to. */
export function useReplySources() {
  return useQuery({ queryKey: keys.sources, queryFn: replySources, staleTime: 5 * 60_000 });
}

/** Who wrote the dialog's replies: their record, activity, campaign and fields. */
export function useReplier(dialogId: number) {
  return useQuery({ queryKey: keys.replier(dialogId), queryFn: () => replier(dialogId) });
}

export function useUnsubscribeReplier() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ dialogId }: { dialogId: number }) => unsubscribeReplier(dialogId),
    onSettled: (_data, _error, { dialogId }) =>
      Promise.all([
        queries.invalidateQueries({ queryKey: keys.replier(dialogId) }),
        queries.invalidateQueries({ queryKey: ["list_lists"] }),
        queries.invalidateQueries({ queryKey: ["list_subscribers"] }),
      ]),
  });
}

export const useMarkRead = () => useDialogChange(({ dialogId }: { dialogId: number }) => markRead(dialogId));
export const useMarkUnread = () => useDialogChange(({ dialogId }: { dialogId: number }) => markUnread(dialogId));
/** Files every reply from a sender as a kind (`null`: back to the automatic triage): the list and the open thread are read again. */
export const useMarkSender = () =>
  useDialogChange(({ sender, kind }: { sender: string; kind: ReplyKind | null }) => markSender(sender, kind));

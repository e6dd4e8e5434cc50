import type { InfiniteData } from "@tanstack/react-query";
import type { DialogPage } from "../../ipc/bindings/DialogPage";
import type { DialogRow } from "../../ipc/bindings/DialogRow";
import type { DialogState } from "../../ipc/bindings/DialogState";
import type { ThreadEntry } from "../../ipc/bindings/ThreadEntry";
import type { ThreadView } from "../../ipc/bindings/ThreadView";
import type { UnreadCounts } from "../../ipc/bindings/UnreadCounts";

/**
 * What marking and replying change in what the page has already read, so
 * neither reads every page of dialogs again: the service's answer (or the
 * mark itself) says all there is to change.
 */
export type DialogPages = InfiniteData<DialogPage, number>;

/** The pages with the dialog's row changed by `change`, where it is; the same pages when it is not there. */
export function withRow(pages: DialogPages, dialogId: number, change: (row: DialogRow) => DialogRow): DialogPages {
  if (!holds(pages, dialogId)) return pages;
  return { ...pages, pages: pages.pages.map((page) => ({ ...page, rows: page.rows.map((row) => (row.id === dialogId ? change(row) : row)) })) };
}

/** The dialog's row in the pages, if they hold it. */
export function rowOf(pages: DialogPages, dialogId: number): DialogRow | undefined {
  for (const page of pages.pages) for (const row of page.rows) if (row.id === dialogId) return row;
  return undefined;
}

/** Whether the pages hold the dialog's row. */
export function holds(pages: DialogPages, dialogId: number): boolean {
  return rowOf(pages, dialogId) !== undefined;
}

/** The unread counts once a dialog in `state` has `by` more unread messages (fewer when read). */
export function countsAfter(counts: UnreadCounts, state: DialogState, by: number): UnreadCounts {
  const at = (n: number) => Math.max(0, n + by);
  return state === "open" ? { ...counts, total: at(counts.total), open: at(counts.open) } : { ...counts, total: at(counts.total), closed: at(counts.closed) };
}

const unreadIn = (entries: ThreadEntry[]) => entries.filter((e) => e.type === "message" && e.inbound && !e.read).length;

/** The thread as the user has seen it: every message read. */
export function threadRead(thread: ThreadView): ThreadView {
  const entries = thread.entries.map((e) => (e.type === "message" && !e.read ? { ...e, read: true } : e));
  return { ...thread, entries, dialog: { ...thread.dialog, unread: 0 } };
}

/** The thread with its latest reply unread again, as the service marks it. */
export function threadUnread(thread: ThreadView): ThreadView {
  let latest = -1;
  thread.entries.forEach((e, i) => {
    if (e.type === "message" && e.inbound) latest = i;
  });
  const entries = thread.entries.map((e, i) => (i === latest && e.type === "message" ? { ...e, read: false } : e));
  return { ...thread, entries, dialog: { ...thread.dialog, unread: unreadIn(entries) } };
}

/**
 * The pages after a reply: the dialog's row as its thread shows it now
 * (what it files the dialog as stays: that is the list's own reading), and
 * first, as the service lists the newest first. Each page keeps its length,
 * so the next page is asked from where the service's order has it.
 */
export function afterReply(pages: DialogPages, now: DialogRow): DialogPages {
  const before = rowOf(pages, now.id);
  if (!before) return pages;
  const rows = pages.pages.flatMap((page) => page.rows);
  const moved: DialogRow = {
    ...before,
    preview: now.preview,
    lastMessageAt: now.lastMessageAt,
    unread: now.unread,
    state: now.state,
    hasAttachments: now.hasAttachments,
  };
  const reordered = [moved, ...rows.filter((row) => row.id !== now.id)];
  let at = 0;
  return {
    ...pages,
    pages: pages.pages.map((page) => {
      const next = { ...page, rows: reordered.slice(at, at + page.rows.length) };
      at += page.rows.length;
      return next;
    }),
  };
}

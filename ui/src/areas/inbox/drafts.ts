import { useQuery } from "@tanstack/react-query";
import type { CannedReply } from "../../ipc/bindings/CannedReply";
import type { ReplyKept } from "../../ipc/bindings/ReplyKept";
import { commandKey } from "../../ipc/cache";
import { cannedReplies, keepCannedReplies, keepReplyDraft, keptReplyDraft } from "../../ipc/commands";
import { nextRevision } from "../../kit/KeptChanges";

/**
 * Reply drafts are kept by the desk in files in the account's folder, and
 * canned replies (the user's, whichever account they answer for) in one
 * file of the app's (`desk::inbox::kept`), so a failed send, a restart or a
 * crash loses nothing. Earlier versions kept them in the webview's storage:
 * what is there is moved into the files once, then removed from it.
 */
const DRAFT_PREFIX = "campaign-desk.draft.";
const CANNED_KEY = "campaign-desk.canned-replies";

/** A draft as earlier versions stored it. */
interface StoredDraft {
  text: string;
  quote: boolean;
  failure?: string;
}

function storedEntries(prefix: string): [string, string][] {
  const entries: [string, string][] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    const value = key?.startsWith(prefix) ? localStorage.getItem(key) : null;
    if (key && value !== null) entries.push([key, value]);
  }
  return entries;
}

function parsed<T>(raw: string | null): T | null {
  try {
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

/** Moves this account's reply drafts from the webview's storage to the desk's files; a file already there is newer and wins. */
async function moveDrafts(accountId: string) {
  const prefix = `${DRAFT_PREFIX}${accountId}.`;
  for (const [key, raw] of storedEntries(prefix)) {
    const dialogId = Number(key.slice(prefix.length));
    const draft = parsed<StoredDraft>(raw);
    if (Number.isInteger(dialogId) && draft && typeof draft.text === "string") {
      const kept = await keptReplyDraft(dialogId);
      if (!kept.draft && !kept.unreadableDraft) {
        await keepReplyDraft(dialogId, nextRevision(), { text: draft.text, quote: draft.quote !== false, failure: draft.failure ?? null });
      }
    }
    localStorage.removeItem(key);
  }
}

/** Moves the canned replies into the app's file, beside any kept there already. */
async function moveCanned() {
  const stored = parsed<unknown>(localStorage.getItem(CANNED_KEY));
  if (stored === null) return;
  const replies = Array.isArray(stored) ? (stored as CannedReply[]).filter((r) => r && typeof r.text === "string") : [];
  if (replies.length > 0) {
    const kept = await cannedReplies();
    const known = new Set(kept.replies.map((r) => r.id));
    const moved = replies.map((r) => ({ id: String(r.id), title: String(r.title ?? ""), text: r.text })).filter((r) => !known.has(r.id));
    if (moved.length > 0) await keepCannedReplies(nextRevision(), [...kept.replies, ...moved]);
  }
  localStorage.removeItem(CANNED_KEY);
}

const moving = new Map<string, Promise<void>>();

/** Runs `move` once under `key` (and again after a failure). */
function once(key: string, move: () => Promise<void>): Promise<void> {
  let moved = moving.get(key);
  if (!moved) {
    moved = move();
    moved.catch(() => moving.delete(key));
    moving.set(key, moved);
  }
  return moved;
}

/** The canned replies earlier versions kept in the webview's storage, moved to the app's file once. */
export function moveCannedOnce(): Promise<void> {
  return once("canned", moveCanned);
}

/** This account's reply drafts earlier versions kept in the webview's storage, moved to files once. */
export function moveStoredOnce(accountId: string): Promise<void> {
  return once(`drafts.${accountId}`, () => moveDrafts(accountId));
}

/** The reply kept for a dialog, read fresh each time the reply box opens (never from a cache: it may have changed since). */
export function useKeptReply(accountId: string, dialogId: number) {
  return useQuery({
    queryKey: commandKey("kept_reply_draft", accountId, dialogId),
    queryFn: async () => {
      await moveStoredOnce(accountId);
      return keptReplyDraft(dialogId);
    },
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
}

/** Keeps the reply being written; an empty one is let go. */
export function keepReply(dialogId: number, draft: ReplyKept, revision = nextRevision()) {
  return keepReplyDraft(dialogId, revision, draft);
}

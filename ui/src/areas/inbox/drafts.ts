/**
 * Reply drafts, kept in the webview's storage per account and dialog as the
 * user types: a failed send, a restart or a crash loses nothing. A draft is
 * removed once its reply is sent.
 */
const PREFIX = "campaign-desk.draft.";

function key(accountId: string, dialogId: number) {
  return `${PREFIX}${accountId}.${dialogId}`;
}

export interface StoredDraft {
  text: string;
  quote: boolean;
  /** Why the last send failed, in the user's words, when it did. */
  failure?: string;
}

export function loadDraft(accountId: string, dialogId: number): StoredDraft | null {
  try {
    const raw = localStorage.getItem(key(accountId, dialogId));
    return raw ? (JSON.parse(raw) as StoredDraft) : null;
  } catch {
    return null;
  }
}

export function saveDraft(accountId: string, dialogId: number, draft: StoredDraft) {
  try {
    if (draft.text.trim()) localStorage.setItem(key(accountId, dialogId), JSON.stringify(draft));
    else localStorage.removeItem(key(accountId, dialogId));
  } catch {
    // Storage full or unavailable: the draft stays on screen.
  }
}

export function dropDraft(accountId: string, dialogId: number) {
  localStorage.removeItem(key(accountId, dialogId));
}

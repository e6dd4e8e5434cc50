import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CannedReply } from "../../ipc/bindings/CannedReply";
import type { ReplyKept } from "../../ipc/bindings/ReplyKept";

/** The desk's files, as the commands see them. */
const files = vi.hoisted(() => ({ replies: new Map<number, ReplyKept>(), canned: [] as CannedReply[] }));

vi.mock("../../ipc/commands", () => ({
  keptReplyDraft: async (dialogId: number) => ({ draft: files.replies.get(dialogId) ?? null, unreadableDraft: null }),
  keepReplyDraft: async (dialogId: number, _revision: number, draft: ReplyKept) => void files.replies.set(dialogId, draft),
  cannedReplies: async () => ({ replies: files.canned, unreadableFile: null }),
  keepCannedReplies: async (_revision: number, replies: CannedReply[]) => void (files.canned = replies),
}));

const { moveStoredOnce } = await import("./drafts");

describe("moveStoredOnce", () => {
  beforeEach(() => {
    localStorage.clear();
    files.replies.clear();
    files.canned = [];
  });

  it("moves the account's reply drafts and the canned replies from the webview's storage to files, then removes them", async () => {
    localStorage.setItem("campaign-desk.draft.acc-1.12", JSON.stringify({ text: "Здравствуйте", quote: false, failure: "No connection" }));
    localStorage.setItem("campaign-desk.draft.acc-1.13", JSON.stringify({ text: "Older", quote: true }));
    localStorage.setItem("campaign-desk.draft.acc-2.12", JSON.stringify({ text: "Another account's", quote: true }));
    localStorage.setItem("campaign-desk.canned-replies", JSON.stringify([{ id: "a", title: "Thanks", text: "Thank you, %NAME%!" }]));
    files.replies.set(13, { text: "Newer, in a file already", quote: true, failure: null });
    files.canned = [{ id: "b", title: "Hours", text: "We answer 9 to 6." }];

    await moveStoredOnce("acc-1");

    expect(files.replies.get(12)).toEqual({ text: "Здравствуйте", quote: false, failure: "No connection" });
    expect(files.replies.get(13)?.text).toBe("Newer, in a file already");
    expect(files.canned.map((r) => r.id)).toEqual(["b", "a"]);
    expect(localStorage.getItem("campaign-desk.draft.acc-1.12")).toBeNull();
    expect(localStorage.getItem("campaign-desk.draft.acc-1.13")).toBeNull();
    expect(localStorage.getItem("campaign-desk.canned-replies")).toBeNull();
    expect(localStorage.getItem("campaign-desk.draft.acc-2.12")).not.toBeNull();
  });
});

// @vitest-environment jsdom
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

const { moveCannedOnce, moveStoredOnce } = await import("./drafts");

describe("moving what the webview's storage held", () => {
  beforeEach(() => {
    localStorage.clear();
    files.replies.clear();
    files.canned = [];
  });

  it("moves the account's reply drafts from the webview's storage to files, then removes them", async () => {
    localStorage.setItem("campaign-desk.draft.acc-1.12", JSON.stringify({ text: "Здравствуйте", quote: false, failure: "No connection" }));
    localStorage.setItem("campaign-desk.draft.acc-1.13", JSON.stringify({ text: "Older", quote: true }));
    localStorage.setItem("campaign-desk.draft.acc-2.12", JSON.stringify({ text: "Another account's", quote: true }));
    files.replies.set(13, { text: "Newer, in a file already", quote: true, failure: null });

    await moveStoredOnce("acc-1");

    expect(files.replies.get(12)).toEqual({ text: "Здравствуйте", quote: false, failure: "No connection" });
    expect(files.replies.get(13)?.text).toBe("Newer, in a file already");
    expect(localStorage.getItem("campaign-desk.draft.acc-1.12")).toBeNull();
    expect(localStorage.getItem("campaign-desk.draft.acc-1.13")).toBeNull();
    expect(localStorage.getItem("campaign-desk.draft.acc-2.12")).not.toBeNull();
  });

  it("leaves the canned replies to the move of the app's file: opening an account's inbox does not take them", async () => {
    const stored = JSON.stringify([{ id: "a", title: "Thanks", text: "Thank you, %NAME%!" }]);
    localStorage.setItem("campaign-desk.canned-replies", stored);

    await moveStoredOnce("acc-3");

    expect(files.canned).toEqual([]);
    expect(localStorage.getItem("campaign-desk.canned-replies")).toBe(stored);
  });

  it("moves the canned replies into the app's one file, beside those kept there, then removes them", async () => {
    localStorage.setItem("campaign-desk.canned-replies", JSON.stringify([{ id: "a", title: "Thanks", text: "Thank you, %NAME%!" }]));
    files.canned = [{ id: "b", title: "Hours", text: "We answer 9 to 6." }];

    await moveCannedOnce();

    expect(files.canned.map((r) => r.id)).toEqual(["b", "a"]);
    expect(localStorage.getItem("campaign-desk.canned-replies")).toBeNull();
  });
});

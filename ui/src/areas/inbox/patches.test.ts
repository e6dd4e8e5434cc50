import { describe, expect, it } from "vitest";
import type { DialogRow } from "../../ipc/bindings/DialogRow";
import type { ThreadEntry } from "../../ipc/bindings/ThreadEntry";
import type { ThreadView } from "../../ipc/bindings/ThreadView";
import { afterReply, countsAfter, threadRead, threadUnread, withRow, type DialogPages } from "./patches";

const row = (id: number, unread = 0): DialogRow => ({
  id,
  subscriber: `reader${id}@example.com`,
  subject: "Re: Весна",
  campaignId: 1,
  campaignName: "Весна",
  listId: 1,
  memberId: id,
  state: "open",
  preview: `reply ${id}`,
  lastMessageAt: "2026-11-20T10:00:00Z",
  unread,
  hasAttachments: false,
  kind: "human",
  sign: "nothing",
});

const pages = (...sizes: number[][]): DialogPages => {
  let offset = 0;
  return {
    pageParams: sizes.map(() => 0),
    pages: sizes.map((ids) => {
      const page = { rows: ids.map((id) => row(id, 1)), offset, hasMore: true };
      offset += ids.length;
      return page;
    }),
  };
};

const ids = (p: DialogPages) => p.pages.map((page) => page.rows.map((r) => r.id));

const message = (id: number, inbound: boolean, read: boolean): ThreadEntry => ({
  type: "message",
  id,
  inbound,
  fromEmail: "",
  fromName: "",
  subject: "",
  text: "",
  quotedText: null,
  html: null,
  heldImages: 0,
  read,
  at: null,
  attachments: [],
  triage: null,
});

const thread = (entries: ThreadEntry[]): ThreadView => ({
  dialog: row(7, 2),
  entries,
  replier: { email: "reader7@example.com", state: "active", subscribedAt: null, campaign: null, fields: [] },
});

describe("what marking and replying change on screen", () => {
  it("a row is changed where it is, and pages without it stay as they were", () => {
    const before = pages([1, 2], [3]);
    const after = withRow(before, 3, (r) => ({ ...r, unread: 0 }));
    expect(after.pages[1].rows[0].unread).toBe(0);
    expect(after.pages[0].rows.map((r) => r.unread)).toEqual([1, 1]);
    expect(withRow(before, 99, (r) => ({ ...r, unread: 0 }))).toBe(before);
  });

  it("a thread read has no unread message left; marked unread, its latest reply is unread again", () => {
    const shown = thread([message(1, true, false), message(2, false, true), message(3, true, false)]);
    const read = threadRead(shown);
    expect(read.entries.map((e) => e.type === "message" && e.read)).toEqual([true, true, true]);
    expect(read.dialog.unread).toBe(0);
    const unread = threadUnread(read);
    expect(unread.entries.map((e) => e.type === "message" && e.read)).toEqual([true, true, false]);
    expect(unread.dialog.unread).toBe(1);
    expect(unread.replier).toBe(shown.replier);
  });

  it("the unread counts follow a dialog's unread messages in its own tab, never below nothing", () => {
    const counts = { total: 5, open: 3, closed: 2 };
    expect(countsAfter(counts, "open", -2)).toEqual({ total: 3, open: 1, closed: 2 });
    expect(countsAfter(counts, "closed", 1)).toEqual({ total: 6, open: 3, closed: 3 });
    expect(countsAfter(counts, "closed", -4)).toEqual({ total: 1, open: 3, closed: 0 });
  });

  it("a reply moves its row first with what the thread says now, every page keeping its length", () => {
    const now = { ...row(4), preview: "Спасибо!", lastMessageAt: "2026-11-25T12:00:00Z", unread: 0, kind: "auto_reply" as const };
    const after = afterReply(pages([1, 2, 3], [4, 5]), now);
    expect(ids(after)).toEqual([
      [4, 1, 2],
      [3, 5],
    ]);
    expect(after.pages[0].rows[0]).toMatchObject({ preview: "Спасибо!", lastMessageAt: "2026-11-25T12:00:00Z", unread: 0, kind: "human" });
    expect(after.pages.map((p) => p.offset)).toEqual([0, 3]);
    const elsewhere = pages([1, 2]);
    expect(afterReply(elsewhere, now)).toBe(elsewhere);
  });
});

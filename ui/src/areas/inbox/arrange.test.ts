import { describe, expect, it } from "vitest";
import type { DialogRow } from "../../ipc/bindings/DialogRow";
import type { ReplyKind } from "../../ipc/bindings/ReplyKind";
import { arrange } from "./arrange";

function row(id: number, kind: ReplyKind, campaignId = 1): DialogRow {
  return {
    id,
    kind,
    sign: kind === "human" ? "nothing" : "words",
    campaignId,
    campaignName: `Campaign ${campaignId}`,
    subscriber: `s${id}@example.com`,
    subject: "Re: News",
    listId: 1,
    memberId: id,
    state: "open",
    preview: null,
    lastMessageAt: null,
    unread: 1,
    hasAttachments: false,
  };
}

describe("arrange", () => {
  const rows = [row(1, "auto_reply"), row(2, "human"), row(3, "failure", 2), row(4, "unsubscribe"), row(5, "auto_reply")];

  it("puts people first and folds machines into one row per campaign", () => {
    const items = arrange(rows, new Set());
    expect(items.map((i) => i.key)).toEqual(["d2", "d4", "c1", "c2"]);
    const first = items[2];
    expect(first.type === "folded" && first.rows.map((r) => r.id)).toEqual([1, 5]);
  });

  it("opens a campaign's folded replies under its row", () => {
    expect(arrange(rows, new Set([1])).map((i) => i.key)).toEqual(["d2", "d4", "c1", "d1", "d5", "c2"]);
  });
});

import { cleanup, fireEvent, screen } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../test/render";

vi.mock("../../ipc/commands", async (original) => ({
  ...(await original<typeof import("../../ipc/commands")>()),
  // Disk full: what was kept cannot be read or moved.
  keptReplyDraft: () => Promise.reject({ code: "internal", detail: "No space left on device" }),
  keepReplyDraft: async () => {},
  cannedReplies: async () => ({ replies: [], unreadableFile: null }),
  keepCannedReplies: async () => {},
  replier: () => new Promise(() => {}),
}));

const { ReplyBox } = await import("./ReplyBox");

afterEach(cleanup);

describe("ReplyBox", () => {
  it("when what was kept cannot be read, says so above an empty editor the user can still answer in", async () => {
    renderWithApp(<ReplyBox accountId="acc-1" dialogId={12} subscriber="ann@example.com" onSent={() => {}} />);
    const notice = await screen.findByTestId("error");
    const field = await screen.findByTestId<HTMLTextAreaElement>("reply-text");
    expect(field.value).toBe("");
    expect(notice.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.input(field, { target: { value: "Thank you!" } });
    expect(screen.getByTestId<HTMLButtonElement>("reply-send").disabled).toBe(false);
  });
});

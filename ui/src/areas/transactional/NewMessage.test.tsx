import { cleanup, fireEvent, screen, waitFor } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("@tauri-apps/api/core", () => import("../../test/fakeIpc").then((m) => m.tauriCore));

import type { AttachedFile } from "../../ipc/bindings/AttachedFile";
import type { MessageForm } from "../../ipc/bindings/MessageForm";
import type { TemplateView } from "../../ipc/bindings/TemplateView";
import { sayFailuresOf } from "../../i18n/explain";
import { answer } from "../../test/fakeIpc";
import { ACCOUNT } from "../../test/fixtures/account";
import { TEMPLATES } from "../../test/fixtures/letters";
import { renderWithApp } from "../../test/render";
import { messageStarter } from "./body";
import { transactionalFailures } from "./failures";
import { NewMessage } from "./NewMessage";

afterEach(cleanup);
// As the app does for each area it registers.
sayFailuresOf("transactional", transactionalFailures);

const MB = 1024 * 1024;
const BLOCK_TEMPLATE: TemplateView = { ...TEMPLATES[0], id: 3, name: "Receipt", html: "", blocks: messageStarter((key) => key) };

/** Picks an option as the browser does: the value, then a change event. */
function choose(select: HTMLElement, value: string) {
  (select as HTMLSelectElement).value = value;
  select.dispatchEvent(new Event("change", { bubbles: true }));
}

function desk(picked: AttachedFile[]) {
  const sent: MessageForm[] = [];
  answer({
    list_senders: () => ACCOUNT.senders,
    list_templates: () => [...TEMPLATES, BLOCK_TEMPLATE],
    render_block_letter: () => "<p>made of blocks</p>",
    pick_message_attachment: () => picked.shift() ?? null,
    send_message: ({ form }) => (sent.push(form as MessageForm), { messageId: "order-7" }),
  });
  return sent;
}

describe("a new message", () => {
  it("is written in blocks, sent as their HTML with its files, once they are within 10 MB", async () => {
    const sent = desk([
      { fileId: "f1", name: "receipt.pdf", size: 6 * MB },
      { fileId: "f2", name: "photo.jpg", size: 5 * MB },
    ]);
    renderWithApp(<NewMessage onClose={() => {}} />);
    await screen.findByTestId("block-editor");
    expect(screen.queryByTestId("message-html")).toBeNull();
    fireEvent.input(screen.getByTestId("message-to"), { target: { value: "anna@example.com" } });

    fireEvent.click(screen.getByTestId("message-attach"));
    await waitFor(() => expect(screen.getAllByTestId("message-attachment")).toHaveLength(1));
    fireEvent.click(screen.getByTestId("message-attach"));
    await waitFor(() => expect(screen.getAllByTestId("message-attachment")).toHaveLength(2));
    expect(screen.getAllByTestId("message-attachment")[0].textContent).toContain("receipt.pdf");
    expect(screen.getByTestId("message-attachments-total").textContent).toContain("more than the 10 MB");

    // Too much to go: said before the question, and nothing asked.
    fireEvent.click(screen.getByTestId("review-message"));
    expect((await screen.findByRole("alert")).textContent).toContain("The files are too large for one message");
    expect(screen.queryByTestId("confirm")).toBeNull();

    fireEvent.click(screen.getByLabelText("Remove photo.jpg"));
    fireEvent.click(screen.getByTestId("review-message"));
    expect((await screen.findByTestId("confirm")).closest("[role=dialog]")?.textContent).toContain("1 file goes with it");
    fireEvent.click(screen.getByTestId("confirm"));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ to: "anna@example.com", html: "<p>made of blocks</p>", attachments: ["f1"] });
  });

  it("starts from a template: its HTML in the HTML way, its blocks in the builder", async () => {
    const sent = desk([]);
    renderWithApp(<NewMessage onClose={() => {}} />);
    await screen.findByTestId("block-editor");
    await waitFor(() => expect((screen.getByTestId("message-template") as HTMLSelectElement).disabled).toBe(false));

    choose(screen.getByTestId("message-template"), "2");
    const html = (await screen.findByTestId("message-html")) as HTMLTextAreaElement;
    expect(html.value).toBe(TEMPLATES[1].html);
    expect(screen.getByTestId("message-body-html").getAttribute("aria-pressed")).toBe("true");

    choose(screen.getByTestId("message-template"), "3");
    await screen.findByTestId("block-editor");
    // The HTML it held stays for the HTML way, and goes when that way is chosen.
    fireEvent.click(screen.getByTestId("message-body-html"));
    fireEvent.input(await screen.findByTestId("message-to"), { target: { value: "anna@example.com" } });
    fireEvent.click(screen.getByTestId("review-message"));
    fireEvent.click(await screen.findByTestId("confirm"));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ html: TEMPLATES[1].html, attachments: [] });
  });
});

import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/preact";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../test/render";
import { ConfirmDialog } from "./ActionDialog";
import { Dialog } from "./Dialog";
import { Menu } from "./Menu";

afterEach(cleanup);

function Form({ busy, onClose }: { busy: boolean; onClose: () => void }) {
  return (
    <Dialog title="New list" onClose={onClose} busy={busy} action={{ label: "Create", busyLabel: "Saving…", run: () => {}, testId: "go" }}>
      <input data-testid="first" />
    </Dialog>
  );
}

describe("Dialog", () => {
  it("keeps focus inside: Tab from the last control comes back to the first", async () => {
    renderWithApp(<Form busy={false} onClose={() => {}} />);
    const go = await screen.findByTestId("go");
    go.focus();
    fireEvent.keyDown(go, { key: "Tab" });
    await waitFor(() => expect(screen.getByRole("dialog").contains(document.activeElement)).toBe(true));
    expect(document.activeElement).not.toBe(document.body);
  });

  it("closes on Escape when idle", async () => {
    const onClose = vi.fn();
    renderWithApp(<Form busy={false} onClose={onClose} />);
    fireEvent.keyDown(await screen.findByRole("dialog"), { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("cannot be dismissed while a write is in flight", async () => {
    const onClose = vi.fn();
    renderWithApp(<Form busy onClose={onClose} />);
    const dialog = await screen.findByRole("dialog");
    fireEvent.keyDown(dialog, { key: "Escape" });
    fireEvent.pointerDown(document.body);
    fireEvent.click(screen.getByTestId("dialog-cancel"));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId("go").textContent).toBe("Saving…");
    expect(dialog.getAttribute("aria-busy")).toBe("true");
  });
});

/** A page that opens a dialog from a button, or from a menu's item, as the screens do: no trigger of Radix's. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} data-testid="opener">
        Rename
      </button>
      <Menu label="Actions" testId="menu" items={[{ label: "Rename…", onSelect: () => setOpen(true), testId: "rename" }]} />
      {open && <Form busy={false} onClose={() => setOpen(false)} />}
    </>
  );
}

describe("Dialog focus", () => {
  it("goes back to what had it when the dialog opened, not to the page's body", async () => {
    renderWithApp(<Page />);
    const opener = screen.getByTestId("opener");
    opener.focus();
    fireEvent.click(opener);
    await waitFor(() => expect(screen.getByRole("dialog").contains(document.activeElement)).toBe(true));
    fireEvent.click(screen.getByTestId("dialog-cancel"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("goes back to the menu's button when the dialog was opened from its item", async () => {
    renderWithApp(<Page />);
    const button = screen.getByTestId("menu");
    button.focus();
    fireEvent.keyDown(button, { key: "Enter" });
    const item = await screen.findByTestId("rename");
    fireEvent.click(item);
    await waitFor(() => expect(screen.getByRole("dialog").contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});

describe("ConfirmDialog", () => {
  it("runs once however often it is pressed, and stays open with the reason on failure", async () => {
    let fail: (e: unknown) => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((_, reject) => (fail = reject)));
    const onClose = vi.fn();
    renderWithApp(
      <ConfirmDialog title="Delete?" confirmLabel="Delete" onConfirm={onConfirm} onClose={onClose}>
        <p>Gone for good.</p>
      </ConfirmDialog>,
    );
    const confirm = await screen.findByTestId("confirm");
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => fail({ code: "refused", action: "deleteList", serviceCode: 5, status: 404, serviceMessage: "List 3 does not exist" }));
    const error = await screen.findByTestId("error");
    expect(error.textContent).toContain("Could not delete the list");
    expect(error.textContent).toContain("Service code 5 · HTTP 404");
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});

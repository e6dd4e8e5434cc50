import { useState } from "react";
import { useT } from "../../i18n/I18n";
import { ActionDialog } from "../../kit/ActionDialog";
import type { DeskError } from "../../ipc/bindings/DeskError";
import { UNDO_SECONDS } from "../../kit/UndoWindow";

/** The most addresses a test goes to (the service's limit). */
const MOST = 10;

/** Addresses typed one per line or separated by commas or spaces. */
export function addressesIn(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((a) => a.trim()).filter(Boolean))];
}

interface TestSendDialogProps {
  /** The addresses are confirmed: the test goes after the undo window. */
  onConfirm: (addresses: string[]) => void;
  onClose: () => void;
}

/** A test to a few addresses: says to how many before it sends. */
export function TestSendDialog({ onConfirm, onClose }: TestSendDialogProps) {
  const t = useT();
  const [text, setText] = useState("");
  const addresses = addressesIn(text);
  return (
    <ActionDialog
      title={t("campaigns.test.title")}
      actionLabel={t("campaigns.test.send", { count: addresses.length })}
      testId="test-send-submit"
      onRun={async () => {
        if (addresses.length === 0 || addresses.length > MOST) throw { code: "required", field: "testAddresses" } satisfies DeskError;
        onConfirm(addresses);
      }}
      onClose={onClose}
    >
      <label>
        <span>{t("campaigns.test.addresses", { most: MOST })}</span>
        <textarea value={text} onChange={(e) => setText(e.target.value)} rows={3} data-testid="test-addresses" />
      </label>
      {addresses.length > MOST && <p role="alert">{t("campaigns.test.tooMany", { most: MOST })}</p>}
      <p>{t("campaigns.launch.undoHint", { seconds: UNDO_SECONDS })}</p>
    </ActionDialog>
  );
}

import { useState } from "react";
import { useT } from "../../i18n/I18n";
import { ActionDialog } from "../../kit/ActionDialog";
import { useToast } from "../../kit/Toast";
import { sendTest } from "../../ipc/commands";

/** The most addresses a test goes to (the service's limit). */
const MOST = 10;

/** Addresses typed one per line or separated by commas or spaces. */
export function addressesIn(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((a) => a.trim()).filter(Boolean))];
}

interface TestSendDialogProps {
  campaignId: number;
  /** Saves what is unsaved: the test shows what the service has. */
  save: () => Promise<void>;
  onClose: () => void;
}

/** A test to a few addresses: says to how many before it sends. */
export function TestSendDialog({ campaignId, save, onClose }: TestSendDialogProps) {
  const t = useT();
  const toast = useToast();
  const [text, setText] = useState("");
  const addresses = addressesIn(text);
  return (
    <ActionDialog
      title={t("campaigns.test.title")}
      actionLabel={t("campaigns.test.send", { count: addresses.length })}
      testId="test-send-submit"
      onRun={async () => {
        await save();
        const sent = await sendTest(campaignId, addresses);
        toast(t("campaigns.test.sent", { count: sent }));
      }}
      onClose={onClose}
    >
      <label>
        <span>{t("campaigns.test.addresses", { most: MOST })}</span>
        <textarea value={text} onChange={(e) => setText(e.target.value)} rows={3} data-testid="test-addresses" />
      </label>
      {addresses.length > MOST && <p role="alert">{t("campaigns.test.tooMany", { most: MOST })}</p>}
    </ActionDialog>
  );
}

import { useState } from "react";
import type { DeliveryView } from "../../ipc/bindings/DeliveryView";
import type { WebhookFor } from "../../ipc/bindings/WebhookFor";
import { useTestWebhook } from "../../ipc/commands";
import { useFormat, useT } from "../../i18n/I18n";
import { Dialog } from "../../kit/Dialog";
import { useAttempt } from "../../kit/useAttempt";
import own from "./Account.module.css";

/** Sends a sample event to a webhook's URL when asked, and shows what the URL answered. */
export function TestDelivery({ hookFor, event, eventName, url, onClose }: { hookFor: WebhookFor; event: string; eventName: string; url: string; onClose: () => void }) {
  const t = useT();
  const format = useFormat();
  const test = useTestWebhook();
  const { busy, error, attempt } = useAttempt();
  const [answer, setAnswer] = useState<DeliveryView | null>(null);
  const run = () =>
    void attempt(async () => {
      setAnswer(null);
      setAnswer(await test.mutateAsync({ kind: hookFor, event, url }));
    });
  const good = answer !== null && answer.status >= 200 && answer.status < 300;
  return (
    <Dialog
      title={t("account.webhooks.test.title", { event: eventName })}
      onClose={onClose}
      busy={busy}
      error={error}
      closeLabel={t("common.close")}
      action={{ label: t(answer || error ? "account.webhooks.test.again" : "account.webhooks.test.send"), busyLabel: t("account.webhooks.test.sending"), run, testId: "send-test-delivery" }}
    >
      <p>{t("account.webhooks.test.body", { url })}</p>
      {answer && (
        <div className={own.delivery} data-testid="test-delivery-answer" data-status={answer.status}>
          <p className={good ? own.answerGood : own.answerBad}>
            {t(good ? "account.webhooks.test.good" : "account.webhooks.test.bad", { status: answer.status, time: format.count(answer.millis) })}
          </p>
          {answer.body ? <pre className={own.answerBody}>{answer.body}</pre> : <p className={own.none}>{t("account.webhooks.test.empty")}</p>}
        </div>
      )}
    </Dialog>
  );
}

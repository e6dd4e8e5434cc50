import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { WebhookFor } from "../../ipc/bindings/WebhookFor";
import type { WebhookView } from "../../ipc/bindings/WebhookView";
import { listWebhooksQuery, useDeleteWebhook, useSetWebhook } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { useT, type MessageKey } from "../../i18n/I18n";
import { ActionDialog, ConfirmDialog } from "../../kit/ActionDialog";
import { Button } from "../../kit/Button";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { TextField } from "../../kit/Field";
import { useToast } from "../../kit/Toast";
import own from "./Account.module.css";
import { TestDelivery } from "./TestDelivery";

/** Each event the service calls a webhook on, as said; an event the app does not know is shown by its name. */
const EVENTS: Record<string, MessageKey> = {
  open: "account.webhooks.event.open",
  click: "account.webhooks.event.click",
  hard: "account.webhooks.event.hard",
  spam: "account.webhooks.event.spam",
  unsub: "account.webhooks.event.unsub",
  subscribe: "account.webhooks.event.subscribe",
  confirm: "account.webhooks.event.confirm",
  send: "account.webhooks.event.send",
  delivered: "account.webhooks.event.delivered",
  dropped: "account.webhooks.event.dropped",
};

type Ask = { kind: "none" } | { kind: "set" | "remove" | "test"; hookFor: WebhookFor; hook: WebhookView };

/** The URLs the service calls on mass and single messages' events: set, changed and removed one event at a time. */
export function WebhooksPanel() {
  const t = useT();
  const toast = useToast();
  const hooks = useQuery(listWebhooksQuery());
  const set = useSetWebhook();
  const remove = useDeleteWebhook();
  const [ask, setAsk] = useState<Ask>({ kind: "none" });
  const close = () => setAsk({ kind: "none" });
  const eventName = (event: string) => (EVENTS[event] ? t(EVENTS[event]) : event);

  const table = (hookFor: WebhookFor, rows: WebhookView[]) => (
    <table className={own.hooks} data-testid={`webhooks-${hookFor}`}>
      <caption className={own.caption}>
        {t(hookFor === "mass" ? "account.webhooks.mass" : "account.webhooks.transactional")}
      </caption>
      <tbody>
        {rows.map((hook) => (
          <tr key={hook.event} data-testid="webhook-row" data-event={hook.event} data-url={hook.url}>
            <td>{eventName(hook.event)}</td>
            <td className={hook.url ? own.url : own.none}>{hook.url || t("account.webhooks.none")}</td>
            <td className={own.hookActions}>
              <Button variant="link" onClick={() => setAsk({ kind: "set", hookFor, hook })} data-testid="set-webhook">
                {t(hook.url ? "account.webhooks.change" : "account.webhooks.set")}
              </Button>
              {hook.url && (
                <Button variant="link" onClick={() => setAsk({ kind: "test", hookFor, hook })} data-testid="test-webhook">
                  {t("account.webhooks.test")}
                </Button>
              )}
              {hook.url && (
                <Button variant="link" onClick={() => setAsk({ kind: "remove", hookFor, hook })} data-testid="remove-webhook">
                  {t("account.webhooks.remove")}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );

  return (
    <section className={own.panel} aria-labelledby="account-webhooks" data-testid="account-webhooks">
      <h2 id="account-webhooks">{t("account.webhooks.title")}</h2>
      <p className={own.lead}>{t("account.webhooks.lead")}</p>
      {hooks.error && <ErrorNotice error={toDeskError(hooks.error)} />}
      {hooks.isPending && <p className={own.none}>{t("account.loading")}</p>}
      {hooks.data && (
        <>
          {table("mass", hooks.data.mass)}
          {table("transactional", hooks.data.transactional)}
        </>
      )}
      {ask.kind === "set" && (
        <SetWebhook
          event={eventName(ask.hook.event)}
          initial={ask.hook.url}
          onClose={close}
          onRun={async (url) => {
            await set.mutateAsync({ kind: ask.hookFor, event: ask.hook.event, url });
            toast(t("account.webhooks.saved", { event: eventName(ask.hook.event) }));
          }}
        />
      )}
      {ask.kind === "test" && <TestDelivery hookFor={ask.hookFor} event={ask.hook.event} eventName={eventName(ask.hook.event)} url={ask.hook.url} onClose={close} />}
      {ask.kind === "remove" && (
        <ConfirmDialog
          title={t("account.webhooks.remove.title", { event: eventName(ask.hook.event) })}
          confirmLabel={t("account.webhooks.remove.confirm")}
          onClose={close}
          onConfirm={async () => {
            await remove.mutateAsync({ kind: ask.hookFor, event: ask.hook.event });
            toast(t("account.webhooks.removed", { event: eventName(ask.hook.event) }));
          }}
        >
          <p>{t("account.webhooks.remove.body", { url: ask.hook.url })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function SetWebhook({ event, initial, onClose, onRun }: { event: string; initial: string; onClose: () => void; onRun: (url: string) => Promise<void> }) {
  const t = useT();
  const [url, setUrl] = useState(initial);
  return (
    <ActionDialog title={t("account.webhooks.set.title", { event })} actionLabel={t("account.webhooks.set.submit")} testId="save-webhook" onClose={onClose} onRun={() => onRun(url)}>
      <TextField label={t("account.webhooks.url")} hint={t("account.webhooks.url.hint")} type="url" value={url} onChange={setUrl} autoFocus data-testid="webhook-url" />
    </ActionDialog>
  );
}

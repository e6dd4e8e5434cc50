import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import type { SenderView } from "../../ipc/bindings/SenderView";
import { useWorkspace } from "../../app/workspace";
import { demoMailedCodeQuery, useConfirmSender, useRequestSenderCode } from "../../ipc/commands";
import { useT } from "../../i18n/I18n";
import { ActionDialog } from "../../kit/ActionDialog";
import { Button } from "../../kit/Button";
import { TextField } from "../../kit/Field";
import { useToast } from "../../kit/Toast";
import own from "./Account.module.css";

type Ask = { kind: "none" } | { kind: "add"; email: string } | { kind: "code"; email: string };

/** The addresses the account sends from: each asks the service for a code mailed to it, and is confirmed with it. */
export function SendersPanel({ senders, wanted, back }: { senders: SenderView[]; wanted?: string; back?: string }) {
  const t = useT();
  const toast = useToast();
  const [ask, setAsk] = useState<Ask>({ kind: "none" });
  const close = () => setAsk({ kind: "none" });
  const requestCode = useRequestSenderCode();
  const confirm = useConfirmSender();
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const wantedSender = wanted ? senders.find((s) => same(s.email, wanted)) : undefined;
  const fixing = wanted !== undefined && !wantedSender?.confirmed;
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (wanted) panel.current?.scrollIntoView?.({ block: "start" });
  }, [wanted]);

  const sendCode = async (email: string) => {
    await requestCode.mutateAsync({ email });
    setAsk({ kind: "code", email: email.trim() });
  };

  return (
    <section ref={panel} className={own.panel} aria-labelledby="account-senders" data-testid="account-senders">
      <div className={own.panelHead}>
        <h2 id="account-senders">{t("account.senders.title")}</h2>
        <Button onClick={() => setAsk({ kind: "add", email: "" })} data-testid="add-sender">
          {t("account.senders.add")}
        </Button>
      </div>
      <p className={own.lead}>{t("account.senders.lead")}</p>
      {fixing && wanted && (
        <div className={own.fixing} data-testid="sender-to-fix">
          <p>{t("account.senders.fix", { address: wanted })}</p>
          <Button
            variant="primary"
            onClick={() => setAsk(wantedSender ? { kind: "code", email: wantedSender.email } : { kind: "add", email: wanted })}
            data-testid="fix-sender"
          >
            {wantedSender ? t("account.senders.enterCode") : t("account.senders.confirmThis", { address: wanted })}
          </Button>
        </div>
      )}
      {wanted && wantedSender?.confirmed && back && (
        <p className={own.fixing} data-testid="sender-fixed">
          {t("account.senders.fixed", { address: wantedSender.email })} <Link to={back}>{t("account.backToLetter")}</Link>
        </p>
      )}
      {senders.length === 0 ? (
        <p className={own.none}>{t("account.senders.none")}</p>
      ) : (
        <div className={own.rows}>
          {senders.map((sender) => (
            <div key={sender.email} className={own.row} data-testid="sender-row" data-email={sender.email} data-confirmed={sender.confirmed}>
              <span className={own.grow}>{sender.email}</span>
              <span className={[own.badge, sender.confirmed ? own.good : own.waiting].join(" ")}>
                {t(sender.confirmed ? "account.senders.confirmed" : "account.senders.waiting")}
              </span>
              {!sender.confirmed && (
                <>
                  <Button variant="link" onClick={() => setAsk({ kind: "code", email: sender.email })} data-testid="enter-code">
                    {t("account.senders.enterCode")}
                  </Button>
                  <Button
                    variant="link"
                    onClick={() => void requestCode.mutateAsync({ email: sender.email }).then(() => toast(t("account.senders.codeSent", { address: sender.email })))}
                    data-testid="send-code-again"
                  >
                    {t("account.senders.sendAgain")}
                  </Button>
                </>
              )}
            </div>
          ))}
        </div>
      )}
      {ask.kind === "add" && (
        // Once the code is mailed, its dialog takes this one's place: closing this one then leaves it open.
        <AddSender initial={ask.email} onClose={() => setAsk((now) => (now.kind === "add" ? { kind: "none" } : now))} onRun={sendCode} />
      )}
      {ask.kind === "code" && (
        <EnterCode
          email={ask.email}
          onClose={close}
          onRun={async (code) => {
            await confirm.mutateAsync({ email: ask.email, code });
            toast(t("account.senders.confirmedNow", { address: ask.email }));
          }}
        />
      )}
    </section>
  );
}

function AddSender({ initial, onClose, onRun }: { initial: string; onClose: () => void; onRun: (email: string) => Promise<void> }) {
  const t = useT();
  const [email, setEmail] = useState(initial);
  return (
    <ActionDialog title={t("account.senders.add.title")} actionLabel={t("account.senders.add.submit")} testId="request-code" onClose={onClose} onRun={() => onRun(email)}>
      <TextField label={t("account.senders.address")} hint={t("account.senders.add.hint")} type="email" value={email} onChange={setEmail} autoFocus data-testid="sender-email" />
    </ActionDialog>
  );
}

function EnterCode({ email, onClose, onRun }: { email: string; onClose: () => void; onRun: (code: string) => Promise<void> }) {
  const t = useT();
  const [code, setCode] = useState("");
  return (
    <ActionDialog title={t("account.senders.code.title", { address: email })} actionLabel={t("account.senders.code.submit")} testId="confirm-code" onClose={onClose} onRun={() => onRun(code)}>
      <p>{t("account.senders.code.body", { address: email })}</p>
      <DemoMailbox email={email} />
      <TextField label={t("account.senders.code.label")} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={setCode} autoFocus data-testid="sender-code" />
    </ActionDialog>
  );
}

/** The demo's mail reaches no mailbox: the code its service mailed is shown where the user would read it. */
function DemoMailbox({ email }: { email: string }) {
  const t = useT();
  const demo = useWorkspace().workspace?.account.demo ?? false;
  const mailed = useQuery({ ...demoMailedCodeQuery(email), enabled: demo });
  if (!demo || !mailed.data) return null;
  return (
    <p className={own.fixing} data-testid="demo-mailed-code">
      {t("account.senders.code.demo", { code: mailed.data })}
    </p>
  );
}

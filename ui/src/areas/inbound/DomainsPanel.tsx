import { useState } from "react";
import type { InboundDomainView } from "../../ipc/bindings/InboundDomainView";
import type { MxRecordView } from "../../ipc/bindings/MxRecordView";
import { useAddInboundDomain, useDeleteInboundDomain, useVerifyInboundDomain } from "../../ipc/commands";
import { useT } from "../../i18n/I18n";
import { ActionDialog, ConfirmDialog } from "../../kit/ActionDialog";
import { Button } from "../../kit/Button";
import { CopyButton } from "../../kit/CopyButton";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { TextField } from "../../kit/Field";
import { useToast } from "../../kit/Toast";
import { useAttempt } from "../../kit/useAttempt";
import own from "./Inbound.module.css";

type Ask = { kind: "none" } | { kind: "add" } | { kind: "remove"; domain: InboundDomainView };

/** The domains mail arrives at: the service's own, ready from the start, and the user's, once their MX records point at the service. */
export function DomainsPanel({ domains, mx, readOnly }: { domains: InboundDomainView[]; mx: MxRecordView[]; readOnly: boolean }) {
  const t = useT();
  const toast = useToast();
  const [ask, setAsk] = useState<Ask>({ kind: "none" });
  const close = () => setAsk({ kind: "none" });
  const add = useAddInboundDomain();
  const verify = useVerifyInboundDomain();
  const remove = useDeleteInboundDomain();
  const checking = useAttempt();
  const [checked, setChecked] = useState<number | null>(null);

  const runVerify = (domain: InboundDomainView) =>
    checking.attempt(async () => {
      setChecked(domain.id);
      const now = await verify.mutateAsync({ id: domain.id });
      toast(t(now.verified ? "inbound.domains.verifiedNow" : "inbound.domains.notYet", { domain: now.domain }));
    });

  return (
    <section className={own.panel} aria-labelledby="inbound-domains" data-testid="inbound-domains">
      <div className={own.panelHead}>
        <h2 id="inbound-domains">{t("inbound.domains.title")}</h2>
        {!readOnly && (
          <Button onClick={() => setAsk({ kind: "add" })} data-testid="add-inbound-domain">
            {t("inbound.domains.add")}
          </Button>
        )}
      </div>
      <p className={own.lead}>{t("inbound.domains.lead")}</p>
      {checking.error && <ErrorNotice error={checking.error} onDismiss={() => checking.setError(null)} />}
      {domains.map((domain) => (
        <article key={domain.id} className={own.domain} data-testid="inbound-domain" data-domain={domain.domain} data-verified={domain.verified}>
          <div className={own.routeHead}>
            <span className={own.routeName}>{domain.domain}</span>
            <span className={[own.badge, domain.verified ? own.on : own.waiting].join(" ")}>
              {t(domain.service ? "inbound.domains.service" : domain.verified ? "inbound.domains.receiving" : "inbound.domains.waiting")}
            </span>
            <span className={own.grow} />
            {!domain.service && !readOnly && (
              <>
                <Button variant="link" onClick={() => void runVerify(domain)} disabled={checking.busy} data-testid="verify-inbound-domain">
                  {checking.busy && checked === domain.id ? t("inbound.domains.checking") : t("inbound.domains.check")}
                </Button>
                <Button variant="link" onClick={() => setAsk({ kind: "remove", domain })} data-testid="remove-inbound-domain">
                  {t("inbound.domains.remove")}
                </Button>
              </>
            )}
          </div>
          <p className={own.note}>{t(domain.service ? "inbound.domains.serviceHint" : domain.verified ? "inbound.domains.ownReceiving" : "inbound.domains.ownHint", { domain: domain.domain })}</p>
          {!domain.service && !domain.verified && <MxRecords domain={domain.domain} mx={mx} />}
        </article>
      ))}
      {ask.kind === "add" && (
        <AddDomain
          onClose={close}
          onRun={async (name) => {
            const added = await add.mutateAsync({ domain: name });
            toast(t("inbound.domains.added", { domain: added.domain }));
          }}
        />
      )}
      {ask.kind === "remove" && (
        <ConfirmDialog
          title={t("inbound.domains.removeTitle", { domain: ask.domain.domain })}
          confirmLabel={t("inbound.domains.removeConfirm")}
          onClose={close}
          onConfirm={async () => {
            await remove.mutateAsync({ id: ask.domain.id });
            toast(t("inbound.domains.removed", { domain: ask.domain.domain }));
          }}
        >
          <p>{t("inbound.domains.removeBody")}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** The MX records to publish for `domain`, one by one, each copyable. */
function MxRecords({ domain, mx }: { domain: string; mx: MxRecordView[] }) {
  const t = useT();
  return (
    <>
      <p className={own.lead}>{t("inbound.domains.publish", { domain })}</p>
      <table className={own.records}>
        <thead>
          <tr>
            <th>{t("inbound.domains.type")}</th>
            <th>{t("inbound.domains.host")}</th>
            <th>{t("inbound.domains.priority")}</th>
            <th>{t("inbound.domains.server")}</th>
          </tr>
        </thead>
        <tbody>
          {mx.map((record) => (
            <tr key={record.host} data-testid="mx-record">
              <td>MX</td>
              <td>
                <code>{domain}</code>
              </td>
              <td>{record.priority}</td>
              <td>
                <div className={own.copyable}>
                  <code data-testid="mx-host">{record.host}</code>
                  <CopyButton text={record.host} label={t("inbound.domains.copyServer", { server: record.host })} testId="copy-mx" />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function AddDomain({ onClose, onRun }: { onClose: () => void; onRun: (domain: string) => Promise<void> }) {
  const t = useT();
  const [domain, setDomain] = useState("");
  return (
    <ActionDialog title={t("inbound.domains.addTitle")} actionLabel={t("inbound.domains.addSubmit")} testId="submit-inbound-domain" onClose={onClose} onRun={() => onRun(domain)}>
      <TextField label={t("inbound.domains.name")} hint={t("inbound.domains.addHint")} value={domain} onChange={setDomain} autoFocus data-testid="inbound-domain-name" />
    </ActionDialog>
  );
}

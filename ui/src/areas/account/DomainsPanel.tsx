import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import type { DomainView } from "../../ipc/bindings/DomainView";
import type { RecordPurpose } from "../../ipc/bindings/RecordPurpose";
import { useAddSendingDomain, useCheckSendingDomains, useDeleteSendingDomain } from "../../ipc/commands";
import { useFormat, useT, type MessageKey } from "../../i18n/I18n";
import { ActionDialog, ConfirmDialog } from "../../kit/ActionDialog";
import { Button } from "../../kit/Button";
import { CopyButton } from "../../kit/CopyButton";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { TextField } from "../../kit/Field";
import { useToast } from "../../kit/Toast";
import { useAttempt } from "../../kit/useAttempt";
import own from "./Account.module.css";

const PURPOSES: Record<RecordPurpose, MessageKey> = {
  spf: "account.domains.purpose.spf",
  dkim: "account.domains.purpose.dkim",
  dmarc: "account.domains.purpose.dmarc",
  other: "account.domains.purpose.other",
};

type Ask = { kind: "none" } | { kind: "add"; domain: string } | { kind: "remove"; domain: string };

/** The domains the account sends from: each added, its DNS records published by the user, checked until the service finds them. */
export function DomainsPanel({ domains, wanted, back }: { domains: DomainView[]; wanted?: string; back?: string }) {
  const t = useT();
  const toast = useToast();
  const [ask, setAsk] = useState<Ask>({ kind: "none" });
  const close = () => setAsk({ kind: "none" });
  const add = useAddSendingDomain();
  const remove = useDeleteSendingDomain();
  const check = useCheckSendingDomains();
  const checking = useAttempt();
  const wantedDomain = wanted ? domains.find((d) => d.domain === wanted) : undefined;
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (wanted) panel.current?.scrollIntoView?.({ block: "start" });
  }, [wanted]);

  const runCheck = () =>
    checking.attempt(async () => {
      const found = await check.mutateAsync();
      const verified = found.filter((d) => d.verified).length;
      toast(t("account.domains.checked", { verified, count: found.length }));
    });

  return (
    <section ref={panel} className={own.panel} aria-labelledby="account-domains" data-testid="account-domains">
      <div className={own.panelHead}>
        <h2 id="account-domains">{t("account.domains.title")}</h2>
        <div>
          {domains.length > 0 && (
            <Button onClick={() => void runCheck()} disabled={checking.busy} data-testid="check-domains">
              {checking.busy ? t("account.domains.checking") : t("account.domains.check")}
            </Button>
          )}{" "}
          <Button onClick={() => setAsk({ kind: "add", domain: "" })} data-testid="add-domain">
            {t("account.domains.add")}
          </Button>
        </div>
      </div>
      <p className={own.lead}>{t("account.domains.lead")}</p>
      <details className={own.explain} data-testid="dns-explained">
        <summary>{t("account.domains.explain")}</summary>
        <dl>
          <dt>SPF</dt>
          <dd>{t("account.domains.purpose.spf")}</dd>
          <dt>DKIM</dt>
          <dd>{t("account.domains.purpose.dkim")}</dd>
          <dt>DMARC</dt>
          <dd>{t("account.domains.purpose.dmarc")}</dd>
        </dl>
      </details>
      {wanted && !wantedDomain && (
        <div className={own.fixing} data-testid="domain-to-fix">
          <p>{t("account.domains.fixAdd", { domain: wanted })}</p>
          <Button variant="primary" onClick={() => setAsk({ kind: "add", domain: wanted })} data-testid="fix-domain">
            {t("account.domains.addThis", { domain: wanted })}
          </Button>
        </div>
      )}
      {wantedDomain && !wantedDomain.verified && (
        <p className={own.fixing} data-testid="domain-to-fix">
          {t("account.domains.fixPublish", { domain: wantedDomain.domain })}
        </p>
      )}
      {wantedDomain?.verified && back && (
        <p className={own.fixing} data-testid="domain-fixed">
          {t("account.domains.fixed", { domain: wantedDomain.domain })} <Link to={back}>{t("account.backToLetter")}</Link>
        </p>
      )}
      {checking.error && <ErrorNotice error={checking.error} onDismiss={() => checking.setError(null)} />}
      {domains.length === 0 && <p className={own.none}>{t("account.domains.none")}</p>}
      {domains.map((domain) => (
        <DomainCard key={domain.domain} domain={domain} wanted={domain.domain === wanted} onRemove={() => setAsk({ kind: "remove", domain: domain.domain })} />
      ))}
      {ask.kind === "add" && (
        <AddDomain
          initial={ask.domain}
          onClose={close}
          onRun={async (name) => {
            const added = await add.mutateAsync({ domain: name });
            toast(t("account.domains.added", { domain: added.domain }));
          }}
        />
      )}
      {ask.kind === "remove" && (
        <ConfirmDialog
          title={t("account.domains.remove.title", { domain: ask.domain })}
          confirmLabel={t("account.domains.remove.confirm")}
          onClose={close}
          onConfirm={async () => {
            await remove.mutateAsync({ domain: ask.domain });
            toast(t("account.domains.removed", { domain: ask.domain }));
          }}
        >
          <p>{t("account.domains.remove.body")}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function DomainCard({ domain, wanted, onRemove }: { domain: DomainView; wanted: boolean; onRemove: () => void }) {
  const t = useT();
  const format = useFormat();
  return (
    <article className={[own.domain, wanted ? own.wanted : ""].join(" ")} data-testid="domain-card" data-domain={domain.domain} data-verified={domain.verified}>
      <div className={own.domainHead}>
        <span className={own.domainName}>{domain.domain}</span>
        <span className={[own.badge, domain.verified ? own.good : own.waiting].join(" ")}>
          {t(domain.verified ? "account.domains.verified" : "account.domains.waiting")}
        </span>
        <span className={[own.grow, own.none].join(" ")}>
          {domain.checked ? t("account.domains.lastChecked", { when: format.dateTime(domain.checked) }) : t("account.domains.neverChecked")}
        </span>
        <Button variant="link" onClick={onRemove} data-testid="remove-domain">
          {t("account.domains.remove")}
        </Button>
      </div>
      {!domain.verified && <p className={own.lead}>{t("account.domains.publish")}</p>}
      {domain.records.length > 0 && (
        <table className={own.records}>
          <thead>
            <tr>
              <th>{t("account.domains.type")}</th>
              <th>{t("account.domains.host")}</th>
              <th>{t("account.domains.value")}</th>
            </tr>
          </thead>
          <tbody>
            {domain.records.map((record, i) => (
              <tr key={`${record.host}-${i}`} data-testid="dns-record" data-purpose={record.purpose}>
                <td>{record.kind}</td>
                <td>
                  <div className={own.value}>
                    <code>{record.host}</code>
                    <CopyButton text={record.host} label={t("account.domains.copyHost", { host: record.host })} testId="copy-host" />
                  </div>
                </td>
                <td>
                  <div className={own.value}>
                    <code data-testid="record-value">{record.value}</code>
                    <CopyButton text={record.value} label={t("account.domains.copyValue", { host: record.host })} testId="copy-value" />
                  </div>
                  <p className={own.purpose}>{t(PURPOSES[record.purpose])}</p>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}

function AddDomain({ initial, onClose, onRun }: { initial: string; onClose: () => void; onRun: (domain: string) => Promise<void> }) {
  const t = useT();
  const [domain, setDomain] = useState(initial);
  return (
    <ActionDialog title={t("account.domains.add.title")} actionLabel={t("account.domains.add.submit")} testId="submit-domain" onClose={onClose} onRun={() => onRun(domain)}>
      <TextField label={t("account.domains.name")} hint={t("account.domains.add.hint")} value={domain} onChange={setDomain} autoFocus data-testid="domain-name" />
    </ActionDialog>
  );
}

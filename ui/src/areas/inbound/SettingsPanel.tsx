import { useState } from "react";
import type { InboundSettingsView } from "../../ipc/bindings/InboundSettingsView";
import { useSaveInboundSettings } from "../../ipc/commands";
import { useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { useToast } from "../../kit/Toast";
import { useAttempt } from "../../kit/useAttempt";
import own from "./Inbound.module.css";

/** What goes through the routes besides ordinary mail: auto-replies, mailing-list mail. */
export function SettingsPanel({ settings, readOnly }: { settings: InboundSettingsView; readOnly: boolean }) {
  const t = useT();
  const toast = useToast();
  const [wanted, setWanted] = useState(settings);
  const save = useSaveInboundSettings();
  const saving = useAttempt();
  const changed = wanted.passAutoreply !== settings.passAutoreply || wanted.passListMail !== settings.passListMail;
  return (
    <section className={own.panel} aria-labelledby="inbound-settings" data-testid="inbound-settings">
      <h2 id="inbound-settings">{t("inbound.settings.title")}</h2>
      <p className={own.lead}>{t("inbound.settings.lead")}</p>
      <label className={own.check}>
        <input type="checkbox" checked={wanted.passAutoreply} disabled={readOnly} onChange={(e) => setWanted({ ...wanted, passAutoreply: e.target.checked })} data-testid="pass-autoreply" />
        <span>
          {t("inbound.settings.autoreply")}
          <span className={own.note}> {t("inbound.settings.autoreplyHint")}</span>
        </span>
      </label>
      <label className={own.check}>
        <input type="checkbox" checked={wanted.passListMail} disabled={readOnly} onChange={(e) => setWanted({ ...wanted, passListMail: e.target.checked })} data-testid="pass-list-mail" />
        <span>
          {t("inbound.settings.listMail")}
          <span className={own.note}> {t("inbound.settings.listMailHint")}</span>
        </span>
      </label>
      {saving.error && <ErrorNotice error={saving.error} onDismiss={() => saving.setError(null)} />}
      {!readOnly && (
        <div>
          <Button
            variant="primary"
            disabled={!changed || saving.busy}
            onClick={() =>
              void saving.attempt(async () => {
                await save.mutateAsync({ settings: wanted });
                toast(t("inbound.settings.saved"));
              })
            }
            data-testid="save-inbound-settings"
          >
            {saving.busy ? t("common.saving") : t("inbound.settings.save")}
          </Button>
        </div>
      )}
    </section>
  );
}

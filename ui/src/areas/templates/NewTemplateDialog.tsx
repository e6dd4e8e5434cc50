import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useT } from "../../i18n/I18n";
import { ActionDialog } from "../../kit/ActionDialog";
import { TextField } from "../../kit/Field";
import { useToast } from "../../kit/Toast";
import { listCampaignsQuery } from "../../ipc/commands";
import own from "./Templates.module.css";
import { useCreateTemplate } from "../../ipc/commands";

/** A layout to start from: a page with its unsubscribe link in place. */
export const STARTER_LAYOUT =
  '<table width="600" align="center" cellpadding="0" cellspacing="0">\n  <tr><td>\n    <h1>%NAME%, …</h1>\n    <p>…</p>\n    <p style="font-size:12px"><a id="unsub_link" href="%ОТПИСАТЬСЯ%">…</a></p>\n  </td></tr>\n</table>\n';

/** A new template: a name, and a starting layout or a campaign's. */
export function NewTemplateDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const campaigns = useQuery(listCampaignsQuery());
  const create = useCreateTemplate();
  const [name, setName] = useState("");
  const [campaignId, setCampaignId] = useState<number | null>(null);
  return (
    <ActionDialog
      title={t("templates.new")}
      actionLabel={t("templates.new.submit")}
      testId="new-template-submit"
      onRun={async () => {
        const source = campaignId === null ? { kind: "layout" as const, html: STARTER_LAYOUT } : { kind: "campaign" as const, campaignId };
        await create.mutateAsync({ name, source });
        toast(t("templates.created", { name: name.trim() }));
      }}
      onClose={onClose}
    >
      <TextField label={t("templates.name")} value={name} onChange={setName} autoFocus data-testid="new-template-name" />
      <div className={own.source}>
        <label>
          <input type="radio" checked={campaignId === null} onChange={() => setCampaignId(null)} data-testid="template-from-layout" />
          {t("templates.new.fromLayout")}
        </label>
        <label>
          <input
            type="radio"
            checked={campaignId !== null}
            disabled={!campaigns.data?.campaigns.length}
            onChange={() => setCampaignId(campaigns.data?.campaigns[0]?.id ?? null)}
            data-testid="template-from-campaign"
          />
          {t("templates.new.fromCampaign")}
        </label>
        {campaignId !== null && (
          <select value={campaignId} onChange={(e) => setCampaignId(Number(e.target.value))} aria-label={t("templates.new.campaign")} data-testid="template-campaign">
            {campaigns.data?.campaigns.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </div>
    </ActionDialog>
  );
}

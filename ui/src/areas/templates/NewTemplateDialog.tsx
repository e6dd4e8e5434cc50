import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useT } from "../../i18n/I18n";
import { ActionDialog } from "../../kit/ActionDialog";
import { TextField } from "../../kit/Field";
import { useToast } from "../../kit/Toast";
import { listCampaignsQuery } from "../../ipc/commands";
import { STARTER_NAMES, STARTERS, starterLetter, type Starter } from "../../letter/blocks/starters";
import own from "./Templates.module.css";
import { useCreateTemplate } from "../../ipc/commands";

/** A layout to start from: a page with its unsubscribe link in place. */
export const STARTER_LAYOUT =
  '<table width="600" align="center" cellpadding="0" cellspacing="0">\n  <tr><td>\n    <h1>%NAME%, …</h1>\n    <p>…</p>\n    <p style="font-size:12px"><a id="unsub_link" href="%ОТПИСАТЬСЯ%">…</a></p>\n  </td></tr>\n</table>\n';

/** Where the new template starts: a letter of blocks, HTML code, or a campaign's layout. */
type Origin = { from: "starter"; starter: Starter } | { from: "layout" } | { from: "campaign"; campaignId: number };

/** A new template: a name, and a starter made of blocks, a simple HTML layout or a campaign's. */
export function NewTemplateDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const campaigns = useQuery(listCampaignsQuery());
  const create = useCreateTemplate();
  const [name, setName] = useState("");
  const [origin, setOrigin] = useState<Origin>({ from: "starter", starter: "newsletter" });
  const firstCampaign = campaigns.data?.campaigns[0]?.id;
  return (
    <ActionDialog
      title={t("templates.new")}
      actionLabel={t("templates.new.submit")}
      testId="new-template-submit"
      onRun={async () => {
        const source =
          origin.from === "campaign"
            ? { kind: "campaign" as const, campaignId: origin.campaignId }
            : origin.from === "starter"
              ? { kind: "layout" as const, html: "", blocks: starterLetter(origin.starter, t, { company: "", address: "" }) }
              : { kind: "layout" as const, html: STARTER_LAYOUT, blocks: null };
        await create.mutateAsync({ name, source });
        toast(t("templates.created", { name: name.trim() }));
      }}
      onClose={onClose}
    >
      <TextField label={t("templates.name")} value={name} onChange={setName} autoFocus data-testid="new-template-name" />
      <div className={own.source}>
        <label>
          <input type="radio" checked={origin.from === "starter"} onChange={() => setOrigin({ from: "starter", starter: "newsletter" })} data-testid="template-from-starter" />
          {t("templates.new.fromStarter")}
        </label>
        {origin.from === "starter" && (
          <select value={origin.starter} onChange={(e) => setOrigin({ from: "starter", starter: e.target.value as Starter })} aria-label={t("templates.new.starter")} data-testid="template-starter">
            {STARTERS.map((starter) => (
              <option key={starter} value={starter}>
                {t(STARTER_NAMES[starter])}
              </option>
            ))}
          </select>
        )}
        <label>
          <input type="radio" checked={origin.from === "layout"} onChange={() => setOrigin({ from: "layout" })} data-testid="template-from-layout" />
          {t("templates.new.fromLayout")}
        </label>
        <label>
          <input
            type="radio"
            checked={origin.from === "campaign"}
            disabled={firstCampaign === undefined}
            onChange={() => firstCampaign !== undefined && setOrigin({ from: "campaign", campaignId: firstCampaign })}
            data-testid="template-from-campaign"
          />
          {t("templates.new.fromCampaign")}
        </label>
        {origin.from === "campaign" && (
          <select value={origin.campaignId} onChange={(e) => setOrigin({ from: "campaign", campaignId: Number(e.target.value) })} aria-label={t("templates.new.campaign")} data-testid="template-campaign">
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

import { useNavigate, useSearch } from "@tanstack/react-router";
import { useState } from "react";
import type { CampaignRow } from "../../ipc/bindings/CampaignRow";
import { toDeskError } from "../../ipc/errors";
import { CAMPAIGN_STATES, explain } from "../../i18n/explain";
import { useFormat, useT } from "../../i18n/I18n";
import { ConfirmDialog } from "../../kit/ActionDialog";
import { Button } from "../../kit/Button";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { SearchInput } from "../../kit/Field";
import { Menu } from "../../kit/Menu";
import { usePaletteActions } from "../../kit/palette";
import { moveAmongRows } from "../../kit/rowKeys";
import styles from "../../kit/Page.module.css";
import { Tabs } from "../../kit/Tabs";
import { useToast } from "../../kit/Toast";
import { NewCampaignDialog } from "../../letter/NewCampaignDialog";
import own from "./Campaigns.module.css";
import { STATES, shown, type CampaignsSearch } from "./campaignsSearch";
import { MoveDialog } from "./MoveDialog";
import { useCampaignFromTemplate, useCopyCampaign, useCreateCampaign, useDeleteCampaign } from "../../ipc/commands";
import { useCampaigns } from "./queries";
import { useCampaignActions } from "./useCampaignActions";

export const STATE_LABELS = CAMPAIGN_STATES;

type Dialog = { kind: "none" } | { kind: "new" } | { kind: "move"; campaign: CampaignRow } | { kind: "delete"; campaign: CampaignRow };

export function CampaignsPage() {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const navigate = useNavigate({ from: "/w/campaigns" });
  const search = useSearch({ from: "/w/campaigns" }) as CampaignsSearch;
  const setSearch = (change: Partial<CampaignsSearch>) => void navigate({ search: (old: CampaignsSearch) => ({ ...old, ...change }), replace: true });
  const campaigns = useCampaigns();
  const copy = useCopyCampaign();
  const remove = useDeleteCampaign();
  const create = useCreateCampaign();
  const actions = useCampaignActions();
  const fromTemplate = useCampaignFromTemplate();
  const edit = (campaignId: number) => void navigate({ to: "/w/campaigns/$campaignId", params: { campaignId: String(campaignId) } });

  const [dialog, setDialog] = useState<Dialog>({ kind: "none" });
  const close = () => setDialog({ kind: "none" });
  usePaletteActions([{ id: "new-campaign", label: "campaigns.new", run: () => setDialog({ kind: "new" }) }]);
  const all = campaigns.data?.campaigns ?? [];
  const folders = campaigns.data?.folders ?? [];
  const rows = all.filter((c) => shown(c, search));
  const folderName = (id: number | null) => folders.find((f) => f.id === id)?.name;
  const present = STATES.filter((state) => all.some((c) => c.state === state));
  const tabs = [
    { value: "all" as const, label: t("campaigns.state.all") },
    ...present.map((state) => ({ value: state, label: t(STATE_LABELS[state]) })),
  ];
  const makeCopy = async (campaign: CampaignRow) => {
    try {
      await copy.mutateAsync({ campaignId: campaign.id });
      toast(t("campaigns.copied", { name: campaign.name }));
    } catch (error) {
      toast(explain(toDeskError(error), t).title, "error");
    }
  };

  return (
    <section className={styles.area}>
      <header className={styles.header}>
        <div>
          <h1>{t("campaigns.title")}</h1>
          {campaigns.data && <p className={styles.subtitle}>{t("campaigns.summary", { count: all.length })}</p>}
        </div>
        <Button variant="primary" onClick={() => setDialog({ kind: "new" })} data-testid="new-campaign">
          {t("campaigns.new")}
        </Button>
      </header>
      {actions.shown}
      {campaigns.error && <ErrorNotice error={toDeskError(campaigns.error)} />}
      {campaigns.isPending && <div className={styles.empty}>{t("campaigns.loading")}</div>}
      {campaigns.data && all.length === 0 && (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{t("campaigns.none")}</p>
          <p>{t("campaigns.noneHint")}</p>
        </div>
      )}
      {all.length > 0 && (
        <>
          <div className={own.filters}>
            <Tabs label={t("campaigns.filter")} value={search.state ?? "all"} items={tabs} onChange={(v) => setSearch({ state: v === "all" ? undefined : v })} />
            <label className={own.folder}>
              <span>{t("campaigns.folder")}</span>
              <select
                value={search.folder ?? ""}
                onChange={(e) => setSearch({ folder: e.target.value === "" ? undefined : Number(e.target.value) })}
                data-testid="campaign-folder-filter"
              >
                <option value="">{t("campaigns.folder.all")}</option>
                <option value="0">{t("campaigns.folder.none")}</option>
                {folders.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </select>
            </label>
            <div className={own.search}>
              <SearchInput label={t("campaigns.search")} value={search.q ?? ""} onChange={(q) => setSearch({ q: q || undefined })} data-testid="campaign-search" />
            </div>
          </div>
          {rows.length === 0 ? (
            <div className={styles.empty}>{t("campaigns.noMatch")}</div>
          ) : (
            <div className={styles.wrap}>
              <table className={styles.table} data-testid="campaigns-table">
                <thead>
                  <tr>
                    <th className={styles.nameCell}>{t("campaigns.column.name")}</th>
                    <th>{t("campaigns.column.state")}</th>
                    <th>{t("campaigns.column.when")}</th>
                    <th className={styles.num}>{t("campaigns.column.sent")}</th>
                    <th>
                      <span className={styles.unseen}>{t("common.actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody onKeyDown={moveAmongRows}>
                  {rows.map((campaign) => (
                    <tr key={campaign.id} data-testid="campaign-row" data-campaign-name={campaign.name} data-state={campaign.state}>
                      <td>
                        <Button variant="link" onClick={() => edit(campaign.id)} data-testid="open-campaign">
                          {campaign.name}
                        </Button>
                        {campaign.folderId !== null && <span className={own.inFolder}>{folderName(campaign.folderId)}</span>}
                        {campaign.subject && campaign.subject !== campaign.name && <div className={styles.detail}>{campaign.subject}</div>}
                      </td>
                      <td>
                        <span className={[own.badge, own[campaign.state]].join(" ")}>{t(STATE_LABELS[campaign.state])}</span>
                      </td>
                      <td className={styles.nowrap}>{campaign.deliveryTime ? format.dateTime(campaign.deliveryTime) : "—"}</td>
                      <td className={styles.num}>{campaign.sent > 0 ? format.count(campaign.sent) : "—"}</td>
                      <td className={styles.actions}>
                        {campaign.sent > 0 && (
                          <Button variant="link" onClick={() => void navigate({ to: "/w/reports/$campaignId", params: { campaignId: String(campaign.id) } })} data-testid="campaign-report">
                            {t("campaigns.report")}
                          </Button>
                        )}{" "}
                        <Menu
                          label={t("campaigns.actionsFor", { name: campaign.name })}
                          testId="campaign-menu"
                          rowOnly={[{ label: t("contextMenu.open"), onSelect: () => edit(campaign.id), testId: "context-open" }]}
                          items={[
                            ...actions.itemsFor(campaign),
                            { label: t("campaigns.copy"), onSelect: () => void makeCopy(campaign), testId: "copy-campaign" },
                            { label: t("campaigns.move"), onSelect: () => setDialog({ kind: "move", campaign }), testId: "move-campaign" },
                            { label: t("campaigns.delete"), onSelect: () => setDialog({ kind: "delete", campaign }), danger: true, testId: "delete-campaign" },
                          ]}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      {dialog.kind === "new" && (
        <NewCampaignDialog
          chooseTemplate
          onClose={close}
          onCreate={async (name, listId, template) =>
            edit(template ? await fromTemplate.mutateAsync({ kind: template.kind, id: template.id, name, listId }) : await create.mutateAsync({ name, listId }))
          }
        />
      )}
      {dialog.kind === "move" && <MoveDialog campaign={dialog.campaign} folders={folders} onClose={close} />}
      {dialog.kind === "delete" && (
        <ConfirmDialog
          title={t("campaigns.delete.title", { name: dialog.campaign.name })}
          confirmLabel={t("campaigns.delete.confirm")}
          onClose={close}
          onConfirm={async () => {
            await remove.mutateAsync({ campaignId: dialog.campaign.id });
            toast(t("campaigns.deleted", { name: dialog.campaign.name }));
          }}
        >
          <p>{t(dialog.campaign.sent > 0 ? "campaigns.delete.bodySent" : "campaigns.delete.body")}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

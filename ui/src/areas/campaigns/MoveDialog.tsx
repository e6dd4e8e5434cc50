import { useState } from "react";
import type { CampaignFolder } from "../../ipc/bindings/CampaignFolder";
import type { CampaignRow } from "../../ipc/bindings/CampaignRow";
import type { FolderChoice } from "../../ipc/bindings/FolderChoice";
import { useT } from "../../i18n/I18n";
import { ActionDialog } from "../../kit/ActionDialog";
import { TextField } from "../../kit/Field";
import { useToast } from "../../kit/Toast";
import own from "./Campaigns.module.css";
import { useMoveCampaign } from "../../ipc/commands";

const NEW = "new";

interface MoveDialogProps {
  campaign: CampaignRow;
  folders: CampaignFolder[];
  onClose: () => void;
}

/** Into a folder, out of every folder, or into a new one named here. */
export function MoveDialog({ campaign, folders, onClose }: MoveDialogProps) {
  const t = useT();
  const toast = useToast();
  const move = useMoveCampaign();
  const [target, setTarget] = useState(String(campaign.folderId ?? 0));
  const [name, setName] = useState("");
  const run = async () => {
    const folder: FolderChoice = target === NEW ? { kind: "new", name } : { kind: "existing", folderId: Number(target) };
    await move.mutateAsync({ campaignId: campaign.id, folder });
    const named = target === NEW ? name.trim() : folders.find((f) => String(f.id) === target)?.name;
    toast(named ? t("campaigns.moved", { name: campaign.name, folder: named }) : t("campaigns.movedOut", { name: campaign.name }));
  };
  return (
    <ActionDialog title={t("campaigns.move.title", { name: campaign.name })} actionLabel={t("campaigns.move.submit")} testId="move-submit" onRun={run} onClose={onClose}>
      <label className={own.folder}>
        <span>{t("campaigns.folder")}</span>
        <select value={target} onChange={(e) => setTarget(e.target.value)} data-testid="move-folder">
          <option value="0">{t("campaigns.folder.none")}</option>
          {folders.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
          <option value={NEW}>{t("campaigns.move.new")}</option>
        </select>
      </label>
      {target === NEW && (
        <div className={own.newFolder}>
          <TextField label={t("campaigns.move.newName")} value={name} onChange={setName} autoFocus data-testid="move-new-folder" />
        </div>
      )}
    </ActionDialog>
  );
}

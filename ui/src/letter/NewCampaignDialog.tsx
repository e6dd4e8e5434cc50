import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useT } from "../i18n/I18n";
import { ActionDialog } from "../kit/ActionDialog";
import { SelectField, TextField } from "../kit/Field";
import { ListPicker } from "../kit/ListPicker";
import type { TemplateView } from "../ipc/bindings/TemplateView";
import { listListsQuery, listTemplatesQuery } from "../ipc/commands";

interface NewCampaignDialogProps {
  /** The name offered; a new campaign's placeholder name when absent. */
  initialName?: string;
  /** Offer the account's templates to start from. */
  chooseTemplate?: boolean;
  /** `template` is the one chosen to start from, if any. */
  onCreate: (name: string, listId: number, template: TemplateView | null) => Promise<void>;
  onClose: () => void;
}

/** A name and the list it goes to (the service makes no campaign without one); the rest is in the editor. */
export function NewCampaignDialog({ initialName, chooseTemplate = false, onCreate, onClose }: NewCampaignDialogProps) {
  const t = useT();
  const lists = useQuery(listListsQuery());
  const templates = useQuery({ ...listTemplatesQuery(), enabled: chooseTemplate });
  const [template, setTemplate] = useState<TemplateView | null>(null);
  const [name, setName] = useState(initialName ?? t("campaigns.editor.newName"));
  const [listId, setListId] = useState<number | null>(null);
  const chosen = listId ?? lists.data?.[0]?.id ?? null;
  return (
    <ActionDialog
      title={t("campaigns.new")}
      actionLabel={t("campaigns.new.submit")}
      testId="new-campaign-submit"
      onRun={async () => {
        if (chosen !== null) await onCreate(name, chosen, template);
      }}
      onClose={onClose}
    >
      <TextField label={t("campaigns.editor.name")} value={name} onChange={setName} autoFocus data-testid="new-campaign-name" />
      <ListPicker label={t("campaigns.new.list")} lists={lists.data ?? []} value={chosen} onChange={setListId} testId="new-campaign-list" />
      {lists.data?.length === 0 && <p>{t("campaigns.new.noLists")}</p>}
      {chooseTemplate && (templates.data?.length ?? 0) > 0 && (
        <SelectField
          label={t("campaigns.new.startFrom")}
          value={template ? `${template.kind}-${template.id}` : ""}
          onChange={(chosen) => setTemplate(templates.data?.find((x) => `${x.kind}-${x.id}` === chosen) ?? null)}
          testId="new-campaign-template"
        >
          <option value="">{t("campaigns.new.blank")}</option>
          {templates.data?.map((x) => (
            <option key={`${x.kind}-${x.id}`} value={`${x.kind}-${x.id}`}>
              {x.name}
            </option>
          ))}
        </SelectField>
      )}
    </ActionDialog>
  );
}

import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import type { TemplateKind } from "../../ipc/bindings/TemplateKind";
import type { TemplateView } from "../../ipc/bindings/TemplateView";
import { toDeskError } from "../../ipc/errors";
import { useT, type MessageKey } from "../../i18n/I18n";
import { ConfirmDialog } from "../../kit/ActionDialog";
import { Button } from "../../kit/Button";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { Menu } from "../../kit/Menu";
import { NameDialog } from "../../kit/NameDialog";
import { usePaletteActions } from "../../kit/palette";
import styles from "../../kit/Page.module.css";
import { SafeHtmlFrame } from "../../kit/SafeHtmlFrame";
import { useToast } from "../../kit/Toast";
import { NewCampaignDialog } from "../../letter/NewCampaignDialog";
import { NewTemplateDialog } from "./NewTemplateDialog";
import own from "./Templates.module.css";
import { useCampaignFromTemplate, useDeleteTemplate, useRenameTemplate } from "../../ipc/commands";
import { useTemplates } from "./queries";

export const KIND_LABELS: Record<TemplateKind, MessageKey> = { saved: "templates.kind.saved", html: "templates.kind.html" };

type Dialog =
  | { kind: "none" }
  | { kind: "new" }
  | { kind: "rename"; template: TemplateView }
  | { kind: "delete"; template: TemplateView }
  | { kind: "campaign"; template: TemplateView };

export function TemplatesPage() {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const templates = useTemplates();
  const rename = useRenameTemplate();
  const remove = useDeleteTemplate();
  const campaign = useCampaignFromTemplate();
  const [dialog, setDialog] = useState<Dialog>({ kind: "none" });
  const close = () => setDialog({ kind: "none" });
  usePaletteActions([{ id: "new-template", label: "templates.new", run: () => setDialog({ kind: "new" }) }]);
  const edit = (template: TemplateView) =>
    void navigate({ to: "/w/templates/$kind/$templateId", params: { kind: template.kind, templateId: String(template.id) } });
  const all = templates.data ?? [];

  return (
    <section className={styles.area}>
      <header className={styles.header}>
        <div>
          <h1>{t("templates.title")}</h1>
          {templates.data && <p className={styles.subtitle}>{t("templates.summary", { count: all.length })}</p>}
        </div>
        <Button variant="primary" onClick={() => setDialog({ kind: "new" })} data-testid="new-template">
          {t("templates.new")}
        </Button>
      </header>
      {templates.error && <ErrorNotice error={toDeskError(templates.error)} />}
      {templates.isPending && <div className={styles.empty}>{t("templates.loading")}</div>}
      {templates.data && all.length === 0 && (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{t("templates.none")}</p>
          <p>{t("templates.noneHint")}</p>
        </div>
      )}
      <div className={own.grid}>
        {all.map((template) => (
          <article key={`${template.kind}-${template.id}`} className={own.card} data-menu-row data-testid="template-card" data-template-name={template.name} data-kind={template.kind}>
            <button type="button" className={own.thumb} onClick={() => edit(template)} aria-label={t("templates.open", { name: template.name })} data-testid="open-template">
              <div>
                <SafeHtmlFrame html={template.preview.html} title={template.name} width={640} height={610} data-testid="template-thumbnail" />
              </div>
            </button>
            <div className={own.body}>
              <div>
                <span className={own.name}>{template.name}</span>
                <span className={own.kind}>{t(KIND_LABELS[template.kind])}</span>
              </div>
              <Menu
                label={t("templates.actionsFor", { name: template.name })}
                testId="template-menu"
                items={[
                  { label: t("templates.newCampaign"), onSelect: () => setDialog({ kind: "campaign", template }), testId: "campaign-from-template" },
                  { label: t("templates.edit"), onSelect: () => edit(template), testId: "edit-template" },
                  { label: t("templates.rename"), onSelect: () => setDialog({ kind: "rename", template }), testId: "rename-template" },
                  { label: t("templates.delete"), onSelect: () => setDialog({ kind: "delete", template }), danger: true, testId: "delete-template" },
                ]}
              />
            </div>
          </article>
        ))}
      </div>
      {dialog.kind === "new" && <NewTemplateDialog onClose={close} />}
      {dialog.kind === "rename" && (
        <NameDialog
          title={t("templates.rename.title", { name: dialog.template.name })}
          label={t("templates.name")}
          initialName={dialog.template.name}
          submitLabel={t("templates.rename.submit")}
          testId="template-name"
          onClose={close}
          onSubmit={async (name) => {
            await rename.mutateAsync({ kind: dialog.template.kind, id: dialog.template.id, name });
            toast(t("templates.renamed", { name: name.trim() }));
          }}
        />
      )}
      {dialog.kind === "campaign" && (
        <NewCampaignDialog
          initialName={dialog.template.name}
          onClose={close}
          onCreate={async (name, listId) => {
            const id = await campaign.mutateAsync({ kind: dialog.template.kind, id: dialog.template.id, name, listId });
            void navigate({ to: "/w/campaigns/$campaignId", params: { campaignId: String(id) } });
          }}
        />
      )}
      {dialog.kind === "delete" && (
        <ConfirmDialog
          title={t("templates.delete.title", { name: dialog.template.name })}
          confirmLabel={t("templates.delete.confirm")}
          onClose={close}
          onConfirm={async () => {
            await remove.mutateAsync({ kind: dialog.template.kind, id: dialog.template.id });
            toast(t("templates.deleted", { name: dialog.template.name }));
          }}
        >
          <p>{t("templates.delete.body")}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

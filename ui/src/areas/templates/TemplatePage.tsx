import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { useState } from "react";
import type { TemplateKind } from "../../ipc/bindings/TemplateKind";
import type { TemplateView } from "../../ipc/bindings/TemplateView";
import { toDeskError } from "../../ipc/errors";
import { useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { CodeEditor } from "../../kit/CodeEditor";
import { ErrorNotice } from "../../kit/ErrorNotice";
import styles from "../../kit/Page.module.css";
import { SafeHtmlFrame } from "../../kit/SafeHtmlFrame";
import { useToast } from "../../kit/Toast";
import { useDebounced } from "../../kit/useDebounced";
import { usePaletteActions } from "../../kit/palette";
import { previewCampaignQuery } from "../../ipc/commands";
import own from "./Templates.module.css";
import { KIND_LABELS } from "./TemplatesPage";
import { useSaveTemplateLayout } from "../../ipc/commands";
import { useTemplates } from "./queries";

export function TemplatePage() {
  const t = useT();
  const { kind, templateId } = useParams({ from: "/w/templates/$kind/$templateId" });
  const templates = useTemplates();
  const template = templates.data?.find((x) => x.kind === (kind as TemplateKind) && x.id === Number(templateId));
  return (
    <section className={styles.area}>
      <Link to="/w/templates" className={styles.back} data-testid="back-to-templates">
        ← {t("templates.title")}
      </Link>
      {templates.error && <ErrorNotice error={toDeskError(templates.error)} />}
      {templates.isPending && <div className={styles.empty}>{t("templates.loading")}</div>}
      {templates.data && !template && <div className={styles.empty}>{t("templates.gone")}</div>}
      {template && <LayoutEditor key={`${template.kind}-${template.id}`} template={template} />}
    </section>
  );
}

/** A template's layout in the code editor beside its preview. */
function LayoutEditor({ template }: { template: TemplateView }) {
  const t = useT();
  const toast = useToast();
  const save = useSaveTemplateLayout();
  const [saved, setSaved] = useState(template.html);
  const [html, setHtml] = useState(template.html);
  const settled = useDebounced(html, 300);
  const preview = useQuery({ ...previewCampaignQuery(settled, false), placeholderData: (previous) => previous });
  const dirty = html !== saved;
  const saveNow = async () => {
    await save.mutateAsync({ kind: template.kind, id: template.id, html });
    setSaved(html);
    toast(t("templates.saved", { name: template.name }));
  };
  usePaletteActions([
    dirty && !save.isPending && { id: "save-template", label: "templates.palette.save", run: () => void saveNow().catch(() => undefined) },
  ]);
  return (
    <div data-testid="template-editor">
      <header className={styles.header}>
        <div>
          <h1>{template.name}</h1>
          <p className={styles.subtitle}>
            {t(KIND_LABELS[template.kind])} · <span data-testid="template-save-state">{dirty ? t("templates.unsaved") : t("campaigns.editor.saved")}</span>
          </p>
        </div>
        <Button variant="primary" disabled={!dirty || save.isPending} onClick={() => void saveNow().catch(() => undefined)} data-testid="save-template">
          {save.isPending ? t("common.saving") : t("common.save")}
        </Button>
      </header>
      {save.error && <ErrorNotice error={toDeskError(save.error)} />}
      <div className={own.editor}>
        <CodeEditor value={html} onChange={setHtml} language="html" label={t("templates.layout")} testId="template-html" />
        <SafeHtmlFrame html={preview.data?.html ?? ""} title={t("campaigns.preview.title")} layoutWidth={700} height={560} data-testid="template-preview" />
      </div>
    </div>
  );
}

import { Link, useParams } from "@tanstack/react-router";
import { useState } from "react";
import type { TemplateKind } from "../../ipc/bindings/TemplateKind";
import type { TemplateView } from "../../ipc/bindings/TemplateView";
import { toDeskError } from "../../ipc/errors";
import { useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { ErrorNotice } from "../../kit/ErrorNotice";
import styles from "../../kit/Page.module.css";
import { useToast } from "../../kit/Toast";
import { useDebounced } from "../../kit/useDebounced";
import { usePaletteActions } from "../../kit/palette";
import { KIND_LABELS } from "./TemplatesPage";
import { useSaveTemplateLayout } from "../../ipc/commands";
import { useTemplates } from "./queries";
import own from "./Templates.module.css";
import letterStyles from "../../letter/Letter.module.css";
import { LetterSide } from "../../letter/LetterSide";
import { whyHtml, type LetterBodyValue } from "../../letter/body";
import { LetterBody, letterColumns, useLetterTags, useSentHtml } from "../../letter/LetterFields";

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

/** No list is chosen for a template: the tags every message has. */
const NO_LISTS = { lists: [] };

/** A template's layout, as blocks or as code, beside its preview. */
function LayoutEditor({ template }: { template: TemplateView }) {
  const t = useT();
  const toast = useToast();
  const save = useSaveTemplateLayout();
  const [saved, setSaved] = useState<LetterBodyValue>({ html: template.html, blocks: template.blocks });
  const [body, setBody] = useState(saved);
  const settled = useDebounced(body, 300);
  const sent = useSentHtml(settled);
  const tags = useLetterTags(NO_LISTS, []);
  const dirty = JSON.stringify(body) !== JSON.stringify(saved);
  const saveNow = async () => {
    await save.mutateAsync({ kind: template.kind, id: template.id, html: body.html, blocks: body.blocks ?? null });
    setSaved(body);
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
      <div className={letterColumns(body)}>
        <div className={[letterStyles.form, own.layout].join(" ")}>
          <LetterBody
            body={body}
            change={(patch) => setBody((b) => ({ ...b, ...patch }))}
            tags={tags}
            editable
            testId="template-html"
            blocksOffered
            whyHtml={whyHtml(body, template)}
            sender={{ company: "", address: "" }}
            fileName={template.name}
          />
        </div>
        <LetterSide check={undefined} html={sent.html} renderError={sent.error} showReach={false} />
      </div>
    </div>
  );
}

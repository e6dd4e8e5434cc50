import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { useState } from "react";
import type { AutomationEditor } from "../../ipc/bindings/AutomationEditor";
import type { AutomationForm } from "../../ipc/bindings/AutomationForm";
import { keepAutomationDraft } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { explain } from "../../i18n/explain";
import { useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { KeptChangesOffer, leftBehind, nextRevision, UnreadableDraft, useKeptChanges } from "../../kit/KeptChanges";
import { TextField } from "../../kit/Field";
import styles from "../../kit/Page.module.css";
import { useToast } from "../../kit/Toast";
import { useDebounced } from "../../kit/useDebounced";
import { useRuleText } from "../../letter/CheckPanel";
import editorStyles from "../../letter/Letter.module.css";
import { whyHtml } from "../../letter/body";
import { LetterFields, letterColumns, useSentHtml } from "../../letter/LetterFields";
import { LetterSide } from "../../letter/LetterSide";
import { SegmentEditor } from "../../letter/SegmentEditor";
import own from "./Automations.module.css";
import { TriggerFields } from "./TriggerFields";
import { useCreateAutomation, useSaveAutomation } from "../../ipc/commands";
import { useAutomation, useAutomationCheck } from "./queries";

export function AutomationPage() {
  const t = useT();
  const { automationId } = useParams({ from: "/w/automations/$automationId" });
  const id = automationId === "new" ? null : Number(automationId);
  const automation = useAutomation(id);
  return (
    <section className={styles.area}>
      <Link to="/w/automations" className={styles.back} data-testid="back-to-automations">
        ← {t("automations.title")}
      </Link>
      {automation.error && <ErrorNotice error={toDeskError(automation.error)} />}
      {automation.isPending && <div className={styles.empty}>{t("automations.loadingOne")}</div>}
      {automation.data && <Editor key={automation.data.id ?? "new"} view={automation.data} />}
    </section>
  );
}

function Editor({ view }: { view: AutomationEditor }) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const ruleText = useRuleText();
  const [saved, setSaved] = useState(view.form);
  // A saved automation left a moment ago in this run opens as it was left.
  const place = view.id === null ? undefined : `automation:${view.id}`;
  const [left] = useState(() => (place ? leftBehind<typeof view.form>(place) : null));
  const [form, setForm] = useState(left ?? view.form);
  const create = useCreateAutomation();
  const save = useSaveAutomation();
  const [offered, setOffered] = useState(left ? null : view.unsaved);
  const settled = useDebounced(form, 300);
  // Every pause in typing is kept on this computer until the service has it.
  useKeptChanges(settled, view.form, (value, revision) => keepAutomationDraft(view.id, revision, value), true, (e) => toast(explain(toDeskError(e), t).title, "error"), form, place);
  const check = useAutomationCheck(settled, view.context);
  const sent = useSentHtml(settled);
  const change = (patch: Partial<AutomationForm>) => setForm((f) => ({ ...f, ...patch }));
  const dirty = view.id === null || JSON.stringify(form) !== JSON.stringify(saved);
  const current = settled === form && !check.isPlaceholderData ? check.data : undefined;
  const failure = current?.items.find((i) => i.outcome === "fail");
  const reason = !current ? t("campaigns.launch.checking") : failure ? t("automations.saveBlocked", { rule: ruleText(failure) }) : null;
  const busy = create.isPending || save.isPending;
  const error = create.error ?? save.error;

  const saveNow = async () => {
    if (view.id === null) {
      const id = await create.mutateAsync({ revision: nextRevision(), form });
      toast(t("automations.created", { name: form.name }));
      void navigate({ to: "/w/automations/$automationId", params: { automationId: String(id) }, replace: true });
    } else {
      await save.mutateAsync({ id: view.id, revision: nextRevision(), form });
      setSaved(form);
      toast(t("automations.saved", { name: form.name }));
    }
  };

  return (
    <div className={editorStyles.editor} data-testid="automation-editor" data-automation-id={view.id ?? ""}>
      <header className={styles.header}>
        <div>
          <h1>{form.name || t(view.id === null ? "automations.new" : "campaigns.editor.untitled")}</h1>
          <p className={styles.subtitle}>{t("automations.moderationNote")}</p>
        </div>
        <Button variant="primary" disabled={!dirty || busy || Boolean(reason)} onClick={() => void saveNow().catch(() => undefined)} data-testid="save-automation">
          {busy ? t("common.saving") : t(view.id === null ? "automations.create" : "automations.save")}
        </Button>
      </header>
      {reason && dirty && (
        <p className={own.saveReason} data-testid="save-reason">
          {reason}
        </p>
      )}
      {view.unreadableDraft && <UnreadableDraft path={view.unreadableDraft} />}
      {offered && <KeptChangesOffer onRestore={() => (setForm(offered), setOffered(null))} onDiscard={() => setOffered(null)} />}
      {error && <ErrorNotice error={toDeskError(error)} />}
      <div className={letterColumns(form)}>
        <fieldset className={editorStyles.form} disabled={busy}>
          <TextField label={t("automations.name")} value={form.name} onChange={(name) => change({ name })} data-testid="automation-name" />
          <TriggerFields form={form} change={change} view={view} />
          <LetterFields letter={form} change={change} context={view.context} editable testPrefix="automation" blocksOffered whyHtml={whyHtml(form, view)} fileName={form.name} />
          <SegmentEditor segment={form.segment} onChange={(segment) => change({ segment })} context={view.context} listIds={form.listIds} />
        </fieldset>
        <LetterSide check={check.data} html={sent.html} renderError={sent.error} showReach={false} />
      </div>
    </div>
  );
}

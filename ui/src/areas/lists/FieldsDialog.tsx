import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { FieldType } from "../../ipc/bindings/FieldType";
import type { FieldView } from "../../ipc/bindings/FieldView";
import { checkVariableQuery, useAddField, useDeleteField, useEditField } from "../../ipc/commands";
import { useT, type MessageKey } from "../../i18n/I18n";
import { ActionDialog, ConfirmDialog } from "../../kit/ActionDialog";
import { Button } from "../../kit/Button";
import { Dialog } from "../../kit/Dialog";
import { SelectField, TextField } from "../../kit/Field";
import { useDebounced } from "../../kit/useDebounced";
import { useToast } from "../../kit/Toast";
import { variableProblemKey } from "./failures";
import own from "./SubscriberDialog.module.css";

const KINDS: Record<FieldType, MessageKey> = { text: "fields.kind.text", date: "fields.kind.date", choice: "fields.kind.choice" };

/** A field's form: its title, kind, template variable (checked as typed), whether it is required, and a choice field's choices. */
function FieldForm({ listId, field, taken, onClose }: { listId: number; field?: FieldView; taken: string[]; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const add = useAddField();
  const edit = useEditField();
  const [title, setTitle] = useState(field?.title ?? "");
  const [kind, setKind] = useState<FieldType>(field?.kind ?? "text");
  const [variable, setVariable] = useState(field?.tag.toLowerCase() ?? "");
  const [required, setRequired] = useState(field?.required ?? false);
  const [choices, setChoices] = useState((field?.choices ?? []).join("\n"));
  const typed = useDebounced(variable, 200);
  const problem = useQuery(checkVariableQuery(typed, taken)).data ?? null;
  const form = { title, kind, required, variable, choices: choices.split("\n") };
  const save = async () => {
    if (field) await edit.mutateAsync({ listId, fieldId: field.id, form });
    else await add.mutateAsync({ listId, form });
    toast(t(field ? "fields.edited" : "fields.added", { title: title.trim() }));
  };
  return (
    <ActionDialog
      title={field ? t("fields.editTitle", { title: field.title }) : t("fields.addTitle")}
      actionLabel={field ? t("subscribers.form.save") : t("fields.add")}
      testId="field-save"
      onRun={save}
      onClose={onClose}
    >
      <TextField label={t("field.fieldTitle")} value={title} onChange={setTitle} autoFocus data-testid="field-title" />
      <SelectField label={t("fields.kind")} value={kind} onChange={(k) => setKind(k as FieldType)} disabled={Boolean(field)} testId="field-kind">
        {(Object.keys(KINDS) as FieldType[]).map((k) => (
          <option key={k} value={k}>
            {t(KINDS[k])}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t("fields.variable")}
        value={variable}
        onChange={setVariable}
        spellCheck={false}
        hint={problem && typed ? t(variableProblemKey(problem)) : t("fields.variable.hint", { tag: `%${variable.trim().toUpperCase() || "CITY"}%` })}
        aria-invalid={Boolean(problem && typed)}
        data-testid="field-variable"
        data-problem={problem ?? undefined}
      />
      {kind === "choice" && (
        <label className={own.choice}>
          {t("field.choices")}
          <textarea value={choices} onChange={(e) => setChoices(e.target.value)} rows={4} data-testid="field-choices" />
        </label>
      )}
      <label className={own.check}>
        <input type="checkbox" checked={required} onChange={(e) => setRequired(e.target.checked)} data-testid="field-required" />
        {t("fields.required")}
      </label>
    </ActionDialog>
  );
}

/** A list's additional fields: each with its variable, kind and whether it is required; added, edited, deleted after asking. */
export function FieldsDialog({ listId, listName, fields, onClose }: { listId: number; listName: string; fields: FieldView[]; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const remove = useDeleteField();
  const [open, setOpen] = useState<{ kind: "form"; field?: FieldView } | { kind: "delete"; field: FieldView } | null>(null);
  const others = (except?: FieldView) => fields.filter((f) => f.id !== except?.id).map((f) => f.tag);
  if (open?.kind === "form") return <FieldForm listId={listId} field={open.field} taken={others(open.field)} onClose={() => setOpen(null)} />;
  if (open?.kind === "delete") {
    const field = open.field;
    return (
      <ConfirmDialog
        title={t("fields.delete.title", { title: field.title })}
        confirmLabel={t("fields.delete.confirm")}
        onConfirm={async () => {
          await remove.mutateAsync({ listId, fieldId: field.id });
          toast(t("fields.deleted", { title: field.title }));
        }}
        onClose={() => setOpen(null)}
      >
        <p>{t("fields.delete.what", { title: field.title, list: listName, tag: `%${field.tag}%` })}</p>
      </ConfirmDialog>
    );
  }
  return (
    <Dialog title={t("fields.title", { list: listName })} onClose={onClose} busy={false} closeLabel={t("fields.close")}>
      <ul className={own.fields} data-testid="fields">
        {fields.map((field) => (
          <li key={field.id} data-testid="field-row" data-field-title={field.title}>
            <span>
              <strong>{field.title}</strong> <code>%{field.tag}%</code> · {t(KINDS[field.kind])}
              {field.required && ` · ${t("fields.required")}`}
            </span>
            <span>
              <Button variant="ghost" onClick={() => setOpen({ kind: "form", field })} data-testid="field-edit">
                {t("fields.edit")}
              </Button>
              <Button variant="ghost" onClick={() => setOpen({ kind: "delete", field })} data-testid="field-delete">
                {t("subscribers.delete.button")}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {fields.length === 0 && <p>{t("fields.none")}</p>}
      <Button variant="primary" onClick={() => setOpen({ kind: "form" })} data-testid="field-add">
        {t("fields.new")}
      </Button>
    </Dialog>
  );
}

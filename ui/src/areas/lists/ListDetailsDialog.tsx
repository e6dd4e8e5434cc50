import { useState } from "react";
import type { ContactView } from "../../ipc/bindings/ContactView";
import type { ListDetail } from "../../ipc/bindings/ListDetail";
import { useEditList } from "../../ipc/commands";
import { useT, type MessageKey } from "../../i18n/I18n";
import { ActionDialog } from "../../kit/ActionDialog";
import { TextField } from "../../kit/Field";
import { useToast } from "../../kit/Toast";
import own from "./ListPage.module.css";

/** The contact data's fields, in the order a footer reads them. */
const CONTACT: [keyof ContactView, MessageKey][] = [
  ["company", "lists.details.company"],
  ["address", "lists.details.address"],
  ["city", "lists.details.city"],
  ["zip", "lists.details.zip"],
  ["country", "lists.details.country"],
  ["phone", "lists.details.phone"],
  ["url", "lists.details.url"],
  ["abuseName", "lists.details.abuseName"],
  ["abuseEmail", "field.abuseEmail"],
];

/** A list's name and the contact data printed in the footer of every letter to it. */
export function ListDetailsDialog({ detail, onClose }: { detail: ListDetail; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const save = useEditList();
  const [name, setName] = useState(detail.list.name);
  const [contact, setContact] = useState<ContactView>(detail.contact);
  return (
    <ActionDialog
      title={t("lists.details.title")}
      actionLabel={t("subscribers.form.save")}
      testId="list-details-save"
      onRun={async () => {
        await save.mutateAsync({ listId: detail.list.id, form: { name, contact } });
        toast(t("lists.details.saved", { name: name.trim() }));
      }}
      onClose={onClose}
    >
      <TextField label={t("field.listName")} value={name} onChange={setName} autoFocus data-testid="list-details-name" />
      <p className={own.note}>{t("lists.details.footer")}</p>
      <div className={own.grid}>
        {CONTACT.map(([key, label]) => (
          <TextField key={key} label={t(label)} value={contact[key]} onChange={(value) => setContact((c) => ({ ...c, [key]: value }))} data-testid={`list-details-${key}`} />
        ))}
      </div>
    </ActionDialog>
  );
}

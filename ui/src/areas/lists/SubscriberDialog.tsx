import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { FieldView } from "../../ipc/bindings/FieldView";
import type { SubscriberRow } from "../../ipc/bindings/SubscriberRow";
import { checkAddressQuery, useAddSubscriber, useEditSubscriber } from "../../ipc/commands";
import { useT } from "../../i18n/I18n";
import { ActionDialog } from "../../kit/ActionDialog";
import { Button } from "../../kit/Button";
import { SelectField, TextField } from "../../kit/Field";
import { useDebounced } from "../../kit/useDebounced";
import { useToast } from "../../kit/Toast";
import { ACTION_WORDS, SUBSCRIBER_ACTIONS, type SubscriberAction } from "./SubscriberActions";
import own from "./SubscriberDialog.module.css";

interface SubscriberDialogProps {
  listId: number;
  fields: FieldView[];
  /** The subscriber to edit; none to add one. */
  subscriber?: SubscriberRow;
  /** One of the subscriber's own actions chosen: the form gives way to its question. */
  onAction?: (action: SubscriberAction) => void;
  onClose: () => void;
}

/** What the form says of the address as it is typed, judged on this computer: the likely typo with the address meant, a role's mailbox. */
function AddressVerdict({ address, onUse }: { address: string; onUse: (meant: string) => void }) {
  const t = useT();
  const typed = useDebounced(address.trim(), 250);
  const check = useQuery({ ...checkAddressQuery(typed), enabled: typed.length > 0 });
  if (!check.data || check.data.verdict === "fine" || check.data.verdict === "missing") return null;
  return (
    <p className={own.verdict} role="status" data-testid="address-verdict" data-verdict={check.data.verdict}>
      {check.data.verdict === "typo" && <Typo meant={check.data.meant} onUse={onUse} />}
      {check.data.verdict === "role" && <span className={own.warning}>{t("subscribers.form.role")}</span>}
      {check.data.verdict === "invalid" && <span>{t("subscribers.form.invalid")}</span>}
    </p>
  );
}

function Typo({ meant, onUse }: { meant: string; onUse: (meant: string) => void }) {
  const t = useT();
  return (
    <>
      <span className={own.warning}>{t("subscribers.form.typo")}</span>
      <Button variant="link" onClick={() => onUse(meant)} data-testid="address-use-meant">
        {t("subscribers.form.useMeant", { meant })}
      </Button>
    </>
  );
}

/** One of the list's own fields, as its kind asks: text, a date, or one of its choices. */
function ValueField({ field, value, onChange }: { field: FieldView; value: string; onChange: (value: string) => void }) {
  const t = useT();
  const label = field.required ? `${field.title} *` : field.title;
  if (field.kind === "choice") {
    return (
      <SelectField label={label} value={value} onChange={onChange} required={field.required} testId={`subscriber-field-${field.id}`}>
        <option value="">{t("subscribers.form.none")}</option>
        {field.choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </SelectField>
    );
  }
  return (
    <TextField
      label={label}
      type={field.kind === "date" ? "date" : "text"}
      value={field.kind === "date" ? value.slice(0, 10) : value}
      onChange={onChange}
      required={field.required}
      data-testid={`subscriber-field-${field.id}`}
    />
  );
}

/** Adds a subscriber to a list, or edits one: the address (fixed once added) and every field of the list. */
export function SubscriberDialog({ listId, fields, subscriber, onAction, onClose }: SubscriberDialogProps) {
  const t = useT();
  const toast = useToast();
  const add = useAddSubscriber();
  const edit = useEditSubscriber();
  const [email, setEmail] = useState(subscriber?.email ?? "");
  const [values, setValues] = useState<Record<number, string>>(() => ({ ...(subscriber?.values ?? {}) }));
  const form = { email, values };
  const save = async () => {
    if (subscriber) {
      await edit.mutateAsync({ listId, form });
      toast(t("subscribers.form.edited", { email: subscriber.email }));
    } else {
      await add.mutateAsync({ listId, form });
      toast(t("subscribers.form.added", { email: email.trim() }));
    }
  };
  return (
    <ActionDialog
      title={subscriber ? t("subscribers.form.editTitle") : t("subscribers.form.addTitle")}
      actionLabel={subscriber ? t("subscribers.form.save") : t("subscribers.form.add")}
      testId="subscriber-save"
      onRun={save}
      onClose={onClose}
    >
      <TextField
        label={t("field.email")}
        inputMode="email"
        value={email}
        onChange={setEmail}
        readOnly={Boolean(subscriber)}
        autoFocus={!subscriber}
        spellCheck={false}
        hint={subscriber ? t("subscribers.form.emailFixed") : undefined}
        data-testid="subscriber-email"
      />
      {!subscriber && <AddressVerdict address={email} onUse={setEmail} />}
      {fields.map((field) => (
        <ValueField key={field.id} field={field} value={values[field.id] ?? ""} onChange={(value) => setValues((all) => ({ ...all, [field.id]: value }))} />
      ))}
      {subscriber && onAction && (
        <div className={own.actions} role="group" aria-label={t("subscribers.actions")}>
          {SUBSCRIBER_ACTIONS.map((action) => (
            <Button key={action} variant="ghost" onClick={() => onAction(action)} data-testid={`subscriber-${action}`}>
              {t(ACTION_WORDS[action].button)}
            </Button>
          ))}
        </div>
      )}
    </ActionDialog>
  );
}

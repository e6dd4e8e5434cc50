import { useState, type FormEvent } from "react";
import type { EventField } from "../../ipc/bindings/EventField";
import type { EventKind } from "../../ipc/bindings/EventKind";
import { useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { SearchInput } from "../../kit/Field";
import { EVENT_LABELS, useFieldTitle } from "./EventsTable";
import { EVENT_KINDS, type RowsSearch } from "./rowsSearch";
import styles from "./Reports.module.css";

type Filters = Pick<RowsSearch, "kind" | "from" | "to" | "email" | "fields">;

interface Props {
  value: Filters;
  fields: EventField[];
  onChange: (filters: Filters) => void;
}

/** The events report's filters: type, time range, address, and the subscriber fields to add. */
export function EventFilters({ value, fields, onChange }: Props) {
  const t = useT();
  const fieldTitle = useFieldTitle();
  const [email, setEmail] = useState(value.email ?? "");
  const chosen = value.fields ?? [];
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...value, email: email.trim() || undefined });
  };
  const toggleField = (key: string, on: boolean) => {
    const next = on ? [...chosen, key] : chosen.filter((f) => f !== key);
    onChange({ ...value, fields: next.length ? next : undefined });
  };
  const filtered = value.kind || value.from || value.to || value.email || chosen.length > 0;
  return (
    <form className={styles.filters} onSubmit={apply} role="search" data-testid="event-filters">
      <label>
        {t("reports.events.kind")}
        <select
          value={value.kind ?? ""}
          onChange={(e) => onChange({ ...value, kind: (e.target.value || undefined) as EventKind | undefined })}
          data-testid="event-kind"
        >
          <option value="">{t("reports.events.allKinds")}</option>
          {EVENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(EVENT_LABELS[kind])}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("reports.events.from")}
        <input type="datetime-local" value={value.from ?? ""} onChange={(e) => onChange({ ...value, from: e.target.value || undefined })} data-testid="event-from" />
      </label>
      <label>
        {t("reports.events.to")}
        <input type="datetime-local" value={value.to ?? ""} onChange={(e) => onChange({ ...value, to: e.target.value || undefined })} data-testid="event-to" />
      </label>
      <div className={styles.emailFilter}>
        <SearchInput label={t("reports.events.email")} value={email} onChange={setEmail} data-testid="event-email" />
      </div>
      <Button type="submit" data-testid="event-email-submit">
        {t("reports.events.find")}
      </Button>
      <details className={styles.fieldPicker}>
        <summary data-testid="event-fields">{t("reports.events.fields", { count: chosen.length })}</summary>
        <div>
          {fields.map((field) => (
            <label key={field.key}>
              <input type="checkbox" checked={chosen.includes(field.key)} onChange={(e) => toggleField(field.key, e.target.checked)} data-testid={`event-field-${field.key}`} />
              {fieldTitle(field)}
            </label>
          ))}
        </div>
      </details>
      {filtered && (
        <Button
          variant="ghost"
          onClick={() => {
            setEmail("");
            onChange({});
          }}
        >
          {t("reports.events.clear")}
        </Button>
      )}
    </form>
  );
}

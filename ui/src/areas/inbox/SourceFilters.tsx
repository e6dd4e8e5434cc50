import { useT } from "../../i18n/I18n";
import type { SourceOption } from "../../ipc/bindings/SourceOption";
import styles from "./Inbox.module.css";
import { useReplySources } from "./queries";

interface SourceFiltersProps {
  campaign?: number;
  list?: number;
  onChange: (change: { campaign?: number; list?: number }) => void;
}

function Choice(props: { label: string; all: string; value?: number; options: SourceOption[]; onChange: (id?: number) => void; testId: string }) {
  const { label, all, value, options, onChange, testId } = props;
  return (
    <select
      className={styles.source}
      aria-label={label}
      value={value ?? ""}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
      data-testid={testId}
    >
      <option value="">{all}</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </select>
  );
}

/** Replies to one campaign, or from one list's subscribers. */
export function SourceFilters({ campaign, list, onChange }: SourceFiltersProps) {
  const t = useT();
  const sources = useReplySources();
  if (!sources.data) return null;
  return (
    <div className={styles.sources}>
      <Choice
        label={t("inbox.byCampaign")}
        all={t("inbox.allCampaigns")}
        value={campaign}
        options={sources.data.campaigns}
        onChange={(id) => onChange({ campaign: id })}
        testId="inbox-campaign"
      />
      <Choice
        label={t("inbox.byList")}
        all={t("inbox.allLists")}
        value={list}
        options={sources.data.lists}
        onChange={(id) => onChange({ list: id })}
        testId="inbox-list"
      />
    </div>
  );
}

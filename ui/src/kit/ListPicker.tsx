import { SelectField } from "./Field";
import own from "./ListPicker.module.css";

/** A list as a picker offers it: its name, and how many active subscribers it has where that helps the choice. */
export interface PickedList {
  id: number;
  name: string;
  active?: number;
}

interface Common {
  label: string;
  lists: readonly PickedList[];
  testId: string;
}

interface PickOne extends Common {
  multiple?: false;
  value: number | null;
  onChange: (listId: number) => void;
}

interface PickMany extends Common {
  multiple: true;
  value: readonly number[];
  onChange: (listIds: number[]) => void;
  /** How a list's active subscribers are said beside its name. */
  activeText: (list: PickedList & { active: number }) => string;
}

/**
 * The one way to choose address lists: one of them (a drop-down, where a
 * subscriber goes, what a campaign is made for) or several (a checkbox per
 * list, with its active subscribers: who a letter goes to).
 */
export function ListPicker(props: PickOne | PickMany) {
  if (props.multiple) return <ListChecks {...props} />;
  const { label, lists, value, onChange, testId } = props;
  return (
    <SelectField label={label} value={value === null ? "" : String(value)} onChange={(id) => onChange(Number(id))} testId={testId}>
      {lists.map((list) => (
        <option key={list.id} value={list.id}>
          {list.name}
        </option>
      ))}
    </SelectField>
  );
}

function ListChecks({ label, lists, value, onChange, testId, activeText }: PickMany) {
  return (
    <div className={own.lists} role="group" aria-label={label}>
      <span className={own.label}>{label}</span>
      {lists.map((list) => (
        <label key={list.id} className={own.choice}>
          <input
            type="checkbox"
            checked={value.includes(list.id)}
            onChange={(e) => onChange(e.target.checked ? [...value, list.id] : value.filter((id) => id !== list.id))}
            data-testid={testId}
            data-list-name={list.name}
          />
          {list.name}
          {list.active !== undefined && <span className={own.active}>{activeText({ ...list, active: list.active })}</span>}
        </label>
      ))}
    </div>
  );
}

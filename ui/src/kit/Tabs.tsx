import * as RadixTabs from "@radix-ui/react-tabs";
import styles from "./Tabs.module.css";

export interface TabItem<V extends string> {
  value: V;
  label: string;
  /** Shown beside the label, already formatted. */
  count?: string;
}

interface TabsProps<V extends string> {
  label: string;
  value: V;
  items: TabItem<V>[];
  onChange: (value: V) => void;
}

/** Filter tabs: arrow keys move between them, the choice lives wherever the caller keeps it. */
export function Tabs<V extends string>({ label, value, items, onChange }: TabsProps<V>) {
  return (
    <RadixTabs.Root value={value} onValueChange={(v) => onChange(v as V)} activationMode="manual">
      <RadixTabs.List className={styles.list} aria-label={label}>
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            className={styles.tab}
            // The tabs filter what follows them rather than show panels of their own: no panel to name.
            aria-controls={undefined}
            data-testid={`tab-${item.value}`}
          >
            {item.label}
            {item.count !== undefined && <span className={styles.count}>{item.count}</span>}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
    </RadixTabs.Root>
  );
}

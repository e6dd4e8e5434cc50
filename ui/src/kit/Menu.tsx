import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Button } from "./Button";
import styles from "./Menu.module.css";

export interface MenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
  testId?: string;
}

/** A "⋯" button that opens a keyboard-navigable menu of actions. */
export function Menu({ label, items, testId }: { label: string; items: MenuItem[]; testId?: string }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" aria-label={label} data-testid={testId}>
          ⋯
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={4}>
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.label}
              className={[styles.item, item.danger ? styles.danger : ""].join(" ")}
              onSelect={item.onSelect}
              data-testid={item.testId}
            >
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Button } from "./Button";
import styles from "./Menu.module.css";

export interface MenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
  testId?: string;
}

interface MenuProps {
  /** What the menu is, for screen readers; shown on the button when `shown` is set. */
  label: string;
  items: MenuItem[];
  /** Show the label on the button instead of "⋯". */
  shown?: boolean;
  testId?: string;
}

/** A button ("⋯", or its label) that opens a keyboard-navigable menu of actions. */
export function Menu({ label, items, shown, testId }: MenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" aria-label={shown ? undefined : label} data-testid={testId}>
          {shown ? `${label} ▾` : "⋯"}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={4}>
          {items.map((item, i) => (
            <DropdownMenu.Item
              key={`${i}-${item.label}`}
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

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useLayoutEffect, useRef } from "react";
import { Button } from "./Button";
import { declareRowMenu } from "./contextMenu";
import type { MenuItem } from "./menuItem";
import styles from "./Menu.module.css";


/** One setting chosen among a few, below the actions; choosing keeps the menu open. */
export interface MenuChoice {
  label: string;
  value: string;
  options: { value: string; label: string; testId?: string }[];
  onChange: (value: string) => void;
}

interface MenuProps {
  /** What the menu is, for screen readers; shown on the button when `shown` is set. */
  label: string;
  items: MenuItem[];
  choice?: MenuChoice;
  /** Show the label on the button instead of "⋯". */
  shown?: boolean;
  testId?: string;
  /**
   * Offered before `items` when the row the menu is in is right-clicked
   * (see `rowMenuAt`), and not behind the button: "Open", which a click
   * on the row does already.
   */
  rowOnly?: MenuItem[];
}

/** A button ("⋯", or its label) that opens a keyboard-navigable menu of actions. */
export function Menu({ label, items, choice, shown, testId, rowOnly = [] }: MenuProps) {
  // A menu in a table's row is also the row's context menu.
  const trigger = useRef<HTMLButtonElement>(null);
  const offered = useRef<MenuItem[]>([]);
  useLayoutEffect(() => {
    offered.current = [...rowOnly, ...items];
  });
  useLayoutEffect(() => {
    if (trigger.current) return declareRowMenu(trigger.current, () => offered.current);
  }, []);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild ref={trigger}>
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
              {item.hint && <kbd className={styles.hint}>{item.hint}</kbd>}
            </DropdownMenu.Item>
          ))}
          {choice && (
            <>
              <DropdownMenu.Separator className={styles.separator} />
              <DropdownMenu.Label className={styles.label}>{choice.label}</DropdownMenu.Label>
              <DropdownMenu.RadioGroup value={choice.value} onValueChange={choice.onChange}>
                {choice.options.map((option) => (
                  <DropdownMenu.RadioItem
                    key={option.value}
                    value={option.value}
                    className={[styles.item, styles.option].join(" ")}
                    onSelect={(e) => e.preventDefault()}
                    data-testid={option.testId}
                  >
                    <span className={styles.mark} aria-hidden>
                      <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
                    </span>
                    {option.label}
                  </DropdownMenu.RadioItem>
                ))}
              </DropdownMenu.RadioGroup>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

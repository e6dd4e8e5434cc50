/** One thing a menu offers: a row's context menu or a menu button's. */
export interface MenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
  /** The key that does the same, shown at the right. */
  hint?: string;
  testId?: string;
}

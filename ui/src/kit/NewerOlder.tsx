import { Button } from "./Button";
import styles from "./NewerOlder.module.css";

interface Props {
  /** Where the page shown starts, and how many a page holds. */
  start: number;
  size: number;
  /** Whether older rows follow this page. */
  more: boolean;
  onStart: (start: number) => void;
  newer: string;
  older: string;
  /** The buttons' test hooks: `newer-<testId>`, `older-<testId>`. */
  testId?: string;
}

/** A log's page buttons, newest first: shown only when there is another page either way. */
export function NewerOlder({ start, size, more, onStart, newer, older, testId }: Props) {
  if (start === 0 && !more) return null;
  return (
    <div className={styles.pages}>
      <Button onClick={() => onStart(Math.max(0, start - size))} disabled={start === 0} data-testid={testId && `newer-${testId}`}>
        {newer}
      </Button>
      <Button onClick={() => onStart(start + size)} disabled={!more} data-testid={testId && `older-${testId}`}>
        {older}
      </Button>
    </div>
  );
}

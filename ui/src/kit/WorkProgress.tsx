import type { Progress } from "../ipc/bindings/Progress";
import { useT } from "../i18n/I18n";
import { Button } from "./Button";
import styles from "./WorkProgress.module.css";

interface Props {
  progress: Progress;
  /** What is under way, in words: how far, of how much when known. */
  said: string;
  onCancel: () => void;
  /** Its test hook; Cancel's is `${testId}-cancel`. */
  testId: string;
}

/** Long work under way (see `useProgress`): a bar, how far it is in words, and a way to stop it. */
export function WorkProgress({ progress, said, onCancel, testId }: Props) {
  const t = useT();
  return (
    <div className={styles.work} data-testid={testId} role="status">
      <progress max={progress.total ?? undefined} value={progress.total ? progress.done : undefined} />
      <span>{said}</span>
      <Button variant="ghost" onClick={onCancel} data-testid={`${testId}-cancel`}>
        {t("common.cancel")}
      </Button>
    </div>
  );
}

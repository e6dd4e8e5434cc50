import { useT } from "../i18n/I18n";
import { Button } from "./Button";
import { writeClipboard } from "./clipboard";
import styles from "./CopyButton.module.css";
import { useToast } from "./Toast";

/** Copies one value (a DNS record's host or value, a signing key) as it is to be pasted elsewhere. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId: string }) {
  const t = useT();
  const toast = useToast();
  return (
    <Button
      variant="ghost"
      className={styles.copy}
      aria-label={label}
      onClick={() =>
        void writeClipboard(text).then(
          () => toast(t("common.copied")),
          () => toast(t("common.copyRefused")),
        )
      }
      data-testid={testId}
    >
      {t("common.copy")}
    </Button>
  );
}

import { useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { writeClipboard } from "../../kit/clipboard";
import { useToast } from "../../kit/Toast";
import own from "./Account.module.css";

/** Copies one value (a DNS record's host or value) as it is to be pasted at the DNS host. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId: string }) {
  const t = useT();
  const toast = useToast();
  return (
    <Button
      variant="ghost"
      className={own.copy}
      aria-label={label}
      onClick={() =>
        void writeClipboard(text).then(
          () => toast(t("account.copied")),
          () => toast(t("account.copyRefused")),
        )
      }
      data-testid={testId}
    >
      {t("account.copy")}
    </Button>
  );
}

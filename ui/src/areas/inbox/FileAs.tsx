import type { DialogRow } from "../../ipc/bindings/DialogRow";
import type { ReplyKind } from "../../ipc/bindings/ReplyKind";
import { useT, type MessageKey } from "../../i18n/I18n";
import { Menu } from "../../kit/Menu";
import { useToast } from "../../kit/Toast";
import { KIND_LABELS } from "./DialogList";
import { useMarkSender } from "../../ipc/commands";
import { REFILE_ORDER, refileKey } from "./why";

/** What the toast says once a sender's replies are filed. */
const FILED: Record<ReplyKind | "automatic", MessageKey> = {
  human: "inbox.filed.human",
  auto_reply: "inbox.filed.auto_reply",
  failure: "inbox.filed.failure",
  unsubscribe: "inbox.filed.unsubscribe",
  complaint: "inbox.filed.complaint",
  automatic: "inbox.filed.automatic",
};

/**
 * Files the dialog's sender's replies as a kind (`null`: back to the
 * automatic triage), says so in a toast whose Undo puts back what was there
 * before: the marketer's earlier mark, or the automatic triage.
 */
export function useRefile() {
  const t = useT();
  const toast = useToast();
  const mark = useMarkSender();
  const refile = (dialog: DialogRow, kind: ReplyKind | null) => {
    const sender = dialog.subscriber;
    const before = dialog.sign === "marked" ? dialog.kind : null;
    mark.mutate(
      { sender, kind },
      {
        onSuccess: () =>
          toast(t(FILED[kind ?? "automatic"], { sender }), "success", {
            label: t("common.undo"),
            onClick: () => mark.mutate({ sender, kind: before }),
          }),
      },
    );
  };
  return { refile, error: mark.error };
}

/** "File as…": the five kinds with their keys, and "Automatic" once the marketer filed this sender. */
export function FileAsMenu({ dialog, onFile }: { dialog: DialogRow; onFile: (kind: ReplyKind | null) => void }) {
  const t = useT();
  const kinds = REFILE_ORDER.map((kind) => ({
    label: t(KIND_LABELS[kind]),
    hint: refileKey(kind),
    onSelect: () => onFile(kind),
    testId: `file-as-${kind}`,
  }));
  const automatic = { label: t("inbox.fileAs.automatic"), hint: refileKey(null), onSelect: () => onFile(null), testId: "file-as-automatic" };
  return <Menu label={t("inbox.fileAs.menu")} shown items={dialog.sign === "marked" ? [...kinds, automatic] : kinds} testId="file-as" />;
}

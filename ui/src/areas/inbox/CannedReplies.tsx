import { useState } from "react";
import { useT } from "../../i18n/I18n";
import { ActionDialog, ConfirmDialog } from "../../kit/ActionDialog";
import { Button } from "../../kit/Button";
import { Dialog } from "../../kit/Dialog";
import { TextField } from "../../kit/Field";
import { UnreadableDraft } from "../../kit/KeptChanges";
import { Menu } from "../../kit/Menu";
import { useCannedReplies, type CannedReply } from "./canned";
import styles from "./Inbox.module.css";

interface CannedRepliesProps {
  /** What is typed now, offered to be kept as a canned reply. */
  current: string;
  /** Puts a canned reply's text into the reply (its variables not yet filled). */
  onInsert: (text: string) => void;
}

type Open = { kind: "none" } | { kind: "save" } | { kind: "manage" } | { kind: "delete"; reply: CannedReply };

/** The reply's canned replies: insert one, keep what is typed as one, manage them. */
export function CannedReplies({ current, onInsert }: CannedRepliesProps) {
  const t = useT();
  const { replies, unreadable, add, remove } = useCannedReplies();
  const [open, setOpen] = useState<Open>({ kind: "none" });
  const [title, setTitle] = useState("");
  const close = () => setOpen({ kind: "none" });
  const items = [
    ...replies.map((reply) => ({ label: reply.title, onSelect: () => onInsert(reply.text), testId: "canned-reply" })),
    ...(current.trim()
      ? [{ label: t("inbox.canned.save"), onSelect: () => (setTitle(""), setOpen({ kind: "save" })), testId: "canned-save" }]
      : []),
    ...(replies.length > 0 ? [{ label: t("inbox.canned.manage"), onSelect: () => setOpen({ kind: "manage" }), testId: "canned-manage" }] : []),
  ];

  return (
    <>
      {unreadable && <UnreadableDraft path={unreadable} />}
      {items.length > 0 && <Menu label={t("inbox.canned.title")} items={items} shown testId="canned-menu" />}
      {open.kind === "save" && (
        <ActionDialog
          title={t("inbox.canned.saveTitle")}
          actionLabel={t("common.save")}
          testId="canned-save-submit"
          onRun={async () => add(title.trim() || current.trim().split("\n")[0].slice(0, 60), current)}
          onClose={close}
        >
          <TextField label={t("inbox.canned.name")} value={title} onChange={setTitle} autoFocus data-testid="canned-title" />
          <p className={styles.note}>{t("inbox.canned.variables")}</p>
        </ActionDialog>
      )}
      {open.kind === "manage" && (
        <Dialog title={t("inbox.canned.title")} onClose={close} busy={false}>
          <ul className={styles.cannedList}>
            {replies.map((reply) => (
              <li key={reply.id}>
                <span>
                  <strong>{reply.title}</strong>
                  <span className={styles.muted}>{reply.text}</span>
                </span>
                <Button variant="ghost" onClick={() => setOpen({ kind: "delete", reply })} data-testid="canned-delete">
                  {t("common.remove")}
                </Button>
              </li>
            ))}
          </ul>
          <p className={styles.note}>{t("inbox.canned.variables")}</p>
        </Dialog>
      )}
      {open.kind === "delete" && (
        <ConfirmDialog
          title={t("inbox.canned.deleteTitle", { name: open.reply.title })}
          confirmLabel={t("common.remove")}
          onConfirm={async () => remove(open.reply.id)}
          onClose={() => setOpen({ kind: "manage" })}
        >
          <p>{t("inbox.canned.deleteBody")}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

import { useState } from "react";
import type { SubscriberRow } from "../../ipc/bindings/SubscriberRow";
import { useCopySubscriber, useDeleteSubscriber, useMoveSubscriber, useUnsubscribeSubscriber } from "../../ipc/commands";
import { useT, type MessageKey } from "../../i18n/I18n";
import { ActionDialog, ConfirmDialog } from "../../kit/ActionDialog";
import { ListPicker } from "../../kit/ListPicker";
import { useToast } from "../../kit/Toast";
import { useLists } from "./queries";

/** What can be done to one subscriber from their form; each asks first. */
export type SubscriberAction = "unsubscribe" | "delete" | "move" | "copy";

export const SUBSCRIBER_ACTIONS: SubscriberAction[] = ["move", "copy", "unsubscribe", "delete"];

/** Each action's words: its button, its question, what it does, its confirmation and what is said once done. */
export const ACTION_WORDS: Record<SubscriberAction, Record<"button" | "title" | "what" | "confirm" | "done", MessageKey>> = {
  move: {
    button: "subscribers.move.button",
    title: "subscribers.move.title",
    what: "subscribers.move.what",
    confirm: "subscribers.move.confirm",
    done: "subscribers.move.done",
  },
  copy: {
    button: "subscribers.copy.button",
    title: "subscribers.copy.title",
    what: "subscribers.copy.what",
    confirm: "subscribers.copy.confirm",
    done: "subscribers.copy.done",
  },
  unsubscribe: {
    button: "subscribers.unsubscribe.button",
    title: "subscribers.unsubscribe.title",
    what: "subscribers.unsubscribe.what",
    confirm: "subscribers.unsubscribe.confirm",
    done: "subscribers.unsubscribe.done",
  },
  delete: {
    button: "subscribers.delete.button",
    title: "subscribers.delete.title",
    what: "subscribers.delete.what",
    confirm: "subscribers.delete.confirm",
    done: "subscribers.delete.done",
  },
};

interface Props {
  action: SubscriberAction;
  listId: number;
  listName: string;
  subscriber: SubscriberRow;
  onClose: () => void;
}

/** The question before one subscriber is unsubscribed, deleted, moved or copied, saying what happens. */
export function SubscriberActionDialog({ action, listId, listName, subscriber, onClose }: Props) {
  const t = useT();
  const toast = useToast();
  const who = { listId, memberId: subscriber.id, email: subscriber.email };
  const unsubscribe = useUnsubscribeSubscriber();
  const remove = useDeleteSubscriber();
  const move = useMoveSubscriber();
  const copy = useCopySubscriber();
  const lists = useLists();
  const others = (lists.data ?? []).filter((list) => list.id !== listId);
  const [to, setTo] = useState<number | null>(null);
  const chosen = to ?? others[0]?.id ?? null;
  const email = subscriber.email;
  const words = ACTION_WORDS[action];

  if (action === "unsubscribe" || action === "delete") {
    const run = async () => {
      if (action === "unsubscribe") await unsubscribe.mutateAsync({ who });
      else await remove.mutateAsync({ who });
      toast(t(words.done, { email, list: listName }));
    };
    return (
      <ConfirmDialog title={t(words.title, { email })} confirmLabel={t(words.confirm)} onConfirm={run} onClose={onClose}>
        <p>{t(words.what, { email, list: listName })}</p>
      </ConfirmDialog>
    );
  }
  const run = async () => {
    if (chosen === null) return;
    if (action === "move") await move.mutateAsync({ who, toListId: chosen });
    else await copy.mutateAsync({ who, toListId: chosen });
    const target = others.find((list) => list.id === chosen)?.name ?? "";
    toast(t(words.done, { email, list: target }));
  };
  return (
    <ActionDialog title={t(words.title, { email })} actionLabel={t(words.confirm)} testId="confirm" onRun={run} onClose={onClose}>
      <p>{t(words.what, { email, list: listName })}</p>
      <ListPicker label={t("subscribers.toList")} lists={others} value={chosen} onChange={setTo} testId="subscriber-to-list" />
    </ActionDialog>
  );
}

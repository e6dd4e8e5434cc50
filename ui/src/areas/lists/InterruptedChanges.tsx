import { useQuery } from "@tanstack/react-query";
import type { BulkAction } from "../../ipc/bindings/BulkAction";
import type { InterruptedChange } from "../../ipc/bindings/InterruptedChange";
import { interruptedChangesQuery, useDismissInterruptedChange } from "../../ipc/commands";
import { useFormat, useT, type MessageKey } from "../../i18n/I18n";
import { Dialog } from "../../kit/Dialog";
import { useLists } from "./queries";
import styles from "./ChosenBar.module.css";

/** How an action's interrupted change is named. */
function actionWords(action: BulkAction): MessageKey {
  if (action === "unsubscribe") return "subscribers.interrupted.unsubscribe";
  if (action === "delete") return "subscribers.interrupted.delete";
  return "move" in action ? "subscribers.interrupted.move" : "subscribers.interrupted.copy";
}

/**
 * Once an account opens: a change of many that the app's end interrupted
 * (a crash, a kill, the power) says what it did, from its journal, until
 * the user has read it. Deletes cannot be undone: they must know which went.
 */
export function InterruptedChanges() {
  const found = useQuery(interruptedChangesQuery());
  const change = found.data?.[0];
  return change ? <Interrupted key={change.id} change={change} /> : null;
}

function Interrupted({ change }: { change: InterruptedChange }) {
  const t = useT();
  const format = useFormat();
  const lists = useLists();
  const seen = useDismissInterruptedChange();
  const list = lists.data?.find((l) => l.id === change.listId)?.name ?? `#${change.listId}`;
  const notDone = change.total - change.done - change.failed;
  const named = (emails: string[], all: number) => (
    <ul>
      {emails.map((email) => (
        <li key={email}>{email}</li>
      ))}
      {all > emails.length && <li>{t("subscribers.interrupted.more", { count: format.count(all - emails.length) })}</li>}
    </ul>
  );
  return (
    <Dialog
      title={t("subscribers.interrupted.title")}
      onClose={() => seen.mutate({ id: change.id })}
      closeLabel={t("subscribers.interrupted.seen")}
      busy={seen.isPending}
    >
      <div className={styles.result} data-testid="interrupted-change">
        <p>
          {t("subscribers.interrupted.body", {
            action: t(actionWords(change.action)),
            list,
            done: format.count(change.done),
            total: format.count(change.total),
          })}
        </p>
        {change.failed > 0 && <p>{t("subscribers.interrupted.failed", { count: change.failed })}</p>}
        {change.done > 0 && (
          <>
            <p>{t("subscribers.interrupted.done")}:</p>
            {named(change.doneEmails, change.done)}
          </>
        )}
        {notDone + change.failed > 0 && (
          <>
            <p>{t("subscribers.interrupted.notDone")}:</p>
            {named(change.notDoneEmails, notDone + change.failed)}
          </>
        )}
      </div>
    </Dialog>
  );
}

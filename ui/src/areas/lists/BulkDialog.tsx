import { useState } from "react";
import type { BulkAction } from "../../ipc/bindings/BulkAction";
import type { BulkOutcome } from "../../ipc/bindings/BulkOutcome";
import type { Chosen } from "../../ipc/bindings/Chosen";
import type { DeskError } from "../../ipc/bindings/DeskError";
import { useChangeSubscribers } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { explain } from "../../i18n/explain";
import { useFormat, useT, type MessageKey } from "../../i18n/I18n";
import { Dialog } from "../../kit/Dialog";
import { ListPicker } from "../../kit/ListPicker";
import { useProgress } from "../../kit/useProgress";
import { WorkProgress } from "../../kit/WorkProgress";
import { listsFailure } from "./failures";
import { useLists } from "./queries";
import styles from "./ChosenBar.module.css";

/** What can be done to many subscribers at once; each asks first, saying how many. */
export type BulkKind = "unsubscribe" | "delete" | "move" | "copy";

const WORDS: Record<BulkKind, Record<"title" | "what" | "confirm" | "done", MessageKey>> = {
  unsubscribe: {
    title: "subscribers.bulk.unsubscribe.title",
    what: "subscribers.bulk.unsubscribe.what",
    confirm: "subscribers.unsubscribe.confirm",
    done: "subscribers.bulk.unsubscribe.done",
  },
  delete: {
    title: "subscribers.bulk.delete.title",
    what: "subscribers.bulk.delete.what",
    confirm: "subscribers.delete.confirm",
    done: "subscribers.bulk.delete.done",
  },
  move: {
    title: "subscribers.bulk.move.title",
    what: "subscribers.bulk.move.what",
    confirm: "subscribers.move.confirm",
    done: "subscribers.bulk.move.done",
  },
  copy: {
    title: "subscribers.bulk.copy.title",
    what: "subscribers.bulk.copy.what",
    confirm: "subscribers.copy.confirm",
    done: "subscribers.bulk.copy.done",
  },
};

interface Props {
  kind: BulkKind;
  which: Chosen;
  /** How many records change, as the page knows it. */
  count: number;
  listId: number;
  listName: string;
  onClose: () => void;
  /** The change ran (whole, in part or stopped): what was chosen is no longer what it was. */
  onDone: () => void;
}

/**
 * Asks before a change of many ("Unsubscribe 3 subscribers?"), then shows
 * it going with a bar and Cancel (the dialog cannot be closed meanwhile),
 * then says what came of it: how many changed, which failed and why, how
 * many were left when it was stopped. The number asked about goes with the
 * change: when the app finds another (someone joined meanwhile), nothing
 * is changed and the question is asked again with the number found.
 */
export function BulkDialog({ kind, which, count: shown, listId, listName, onClose, onDone }: Props) {
  const t = useT();
  const format = useFormat();
  const change = useChangeSubscribers();
  const { progress, running, start, cancel } = useProgress();
  const lists = useLists();
  const others = (lists.data ?? []).filter((list) => list.id !== listId);
  const [to, setTo] = useState<number | null>(null);
  const chosen = to ?? others[0]?.id ?? null;
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const [error, setError] = useState<DeskError | null>(null);
  // The number found when it was not the one confirmed: asked about instead.
  const [recounted, setRecounted] = useState<{ confirmed: number; found: number } | null>(null);
  const count = recounted?.found ?? shown;
  const words = WORDS[kind];
  const needsList = kind === "move" || kind === "copy";
  const target = needsList ? (others.find((list) => list.id === chosen)?.name ?? "") : listName;

  const run = () => {
    if (running) return;
    let action: BulkAction;
    if (kind === "move" || kind === "copy") {
      if (chosen === null) return;
      action = kind === "move" ? { move: { toListId: chosen } } : { copy: { toListId: chosen } };
    } else action = kind;
    setError(null);
    const confirmed = count;
    start((taskId, channel) => change.mutateAsync({ which, action, confirmed, taskId, onProgress: channel }))
      .then((result) => {
        setOutcome(result);
        onDone();
      })
      .catch((reason) => {
        const failure = toDeskError(reason);
        const own = listsFailure(failure);
        if (own?.code === "chosenChanged") setRecounted({ confirmed: own.confirmed, found: own.found });
        else setError(failure);
      });
  };

  if (outcome) {
    return (
      <Dialog title={t(outcome.cancelled ? "subscribers.bulk.stopped" : "subscribers.bulk.finished")} onClose={onClose} busy={false}>
        <div className={styles.result} data-testid="bulk-result">
          <p>{t(words.done, { count: outcome.done, list: target })}</p>
          {outcome.failed > 0 && (
            <>
              <p>{t("subscribers.bulk.failed", { count: outcome.failed })}</p>
              <ul>
                {outcome.failures.map((failure) => (
                  <li key={failure.email}>
                    <strong>{failure.email}</strong> — {explain(failure.error, t).title}
                  </li>
                ))}
                {outcome.failed > outcome.failures.length && (
                  <li>{t("subscribers.bulk.moreFailed", { count: format.count(outcome.failed - outcome.failures.length) })}</li>
                )}
              </ul>
            </>
          )}
          {outcome.notTried > 0 && <p>{t("subscribers.bulk.notTried", { count: outcome.notTried })}</p>}
        </div>
      </Dialog>
    );
  }

  const title = t(words.title, { count });
  if (running && progress) {
    const said =
      progress.total === null
        ? t("subscribers.bulk.reading")
        : t("subscribers.bulk.progress", { done: format.count(progress.done), total: format.count(progress.total) });
    return (
      <Dialog title={title} onClose={onClose} busy>
        <WorkProgress progress={progress} said={said} onCancel={() => void cancel()} testId="bulk-progress" />
      </Dialog>
    );
  }
  return (
    <Dialog
      title={title}
      onClose={onClose}
      busy={false}
      error={error}
      action={
        count > 0
          ? { label: t(words.confirm), busyLabel: t("common.working"), run, danger: kind === "unsubscribe" || kind === "delete", testId: "confirm" }
          : undefined
      }
    >
      {recounted && (
        <p role="alert" className={styles.recounted} data-testid="bulk-recounted">
          {t("subscribers.bulk.recounted", { confirmed: format.count(recounted.confirmed), found: recounted.found, foundText: format.count(recounted.found) })}
        </p>
      )}
      <p>{t(words.what, { list: listName })}</p>
      {needsList && (
        <ListPicker label={t("subscribers.toList")} lists={others} value={chosen} onChange={setTo} testId="subscriber-to-list" />
      )}
    </Dialog>
  );
}

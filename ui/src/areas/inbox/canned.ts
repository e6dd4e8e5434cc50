import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { CannedRepliesView } from "../../ipc/bindings/CannedRepliesView";
import type { CannedReply } from "../../ipc/bindings/CannedReply";
import type { ReplierView } from "../../ipc/bindings/ReplierView";
import { cannedReplies, cannedRepliesKey, keepCannedReplies } from "../../ipc/commands";
import { nextRevision } from "../../kit/KeptChanges";
import { moveCannedOnce } from "./drafts";

/**
 * Canned replies: answers a marketer gives again and again, the user's
 * whichever account they answer for, kept by the desk in one file of the
 * app's (`desk::inbox::kept`). Their text may
 * hold variables written as the service writes them, `%EMAIL%`,
 * `%CAMPAIGN%` and the list's additional fields (`%NAME%`), filled in for
 * the subscriber being answered.
 */
export type { CannedReply };

const cannedQuery = {
  queryKey: cannedRepliesKey(),
  queryFn: async () => {
    await moveCannedOnce();
    return cannedReplies();
  },
};

/** The user's canned replies, and changes to them, kept as they are made. */
export function useCannedReplies() {
  const queries = useQueryClient();
  const stored = useQuery(cannedQuery);
  const replies = stored.data?.replies ?? [];
  const change = useCallback(
    async (edit: (replies: CannedReply[]) => CannedReply[]) => {
      // A change made before the list was read is made to what is kept, not to nothing.
      const before = await queries.ensureQueryData(cannedQuery);
      const next = edit(before.replies);
      await keepCannedReplies(nextRevision(), next);
      queries.setQueryData<CannedRepliesView>(cannedQuery.queryKey, { replies: next, unreadableFile: null });
    },
    [queries],
  );
  const add = useCallback(
    (title: string, text: string) => change((all) => [...all, { id: `${Date.now()}-${Math.random().toString(36).slice(2)}`, title, text }]),
    [change],
  );
  const remove = useCallback((id: string) => change((all) => all.filter((r) => r.id !== id)), [change]);
  return { replies, unreadable: stored.data?.unreadableFile ?? null, add, remove };
}

/** A variable as written in a reply: `%NAME%`, Latin or Cyrillic. */
const VARIABLE = /%([A-Za-zА-Яа-яЁё0-9_]+)%/g;

/** What the variables stand for when answering this subscriber. */
export function replierValues(email: string, replier: ReplierView | undefined): Record<string, string> {
  const values: Record<string, string> = { EMAIL: email };
  const campaign = replier?.campaign?.name ?? replier?.campaign?.subject;
  if (campaign) values.CAMPAIGN = campaign;
  for (const field of replier?.fields ?? []) {
    if (field.value) values[field.tag.toUpperCase()] = field.value;
  }
  return values;
}

/** The text with every variable that has a value filled in; the rest stay as written, to be seen. */
export function fillVariables(text: string, values: Record<string, string>): string {
  return text.replace(VARIABLE, (whole, name: string) => values[name.toUpperCase()] ?? whole);
}

/** Variables still in a text, each once: the subscriber would read them as written. */
export function variablesLeft(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(VARIABLE), (m) => m[0]))];
}

import { useMutation, useQueryClient, type Query, type QueryClient, type UseMutationOptions } from "@tanstack/react-query";
import { COMMAND_TAGS, WORKSPACE, type CommandName } from "./tags";

/** What a screen adds to a change's hook: its own reactions, never which caches the change drops. */
export type ChangeOptions<V, R> = Omit<UseMutationOptions<R, Error, V>, "mutationFn">;

/** Whether a cached answer reads a tag among `changed`: its key starts with the read command's name. */
export function readsAny(query: Pick<Query, "queryKey">, changed: readonly string[]): boolean {
  const entry = COMMAND_TAGS[query.queryKey[0] as CommandName] as (typeof COMMAND_TAGS)[CommandName] | undefined;
  if (!entry || entry.kind !== "read") return false;
  if (changed.includes(WORKSPACE)) return true;
  return entry.tags.some((tag: string) => changed.includes(tag));
}

/**
 * Drops every cached answer that reads what `command` changes, as its declaration says; screens in view read theirs
 * again. A command declared `patch` drops nothing: the screen writes its answer into what it names.
 */
export function dropChanged(queries: QueryClient, command: CommandName): Promise<void> {
  const entry = COMMAND_TAGS[command] as (typeof COMMAND_TAGS)[CommandName];
  const changed: readonly string[] = entry.tags;
  if (entry.kind !== "change" || changed.length === 0) return Promise.resolve();
  return queries.invalidateQueries({ predicate: (query) => readsAny(query, changed) });
}

/** A change's mutation: runs it, then drops what its declaration says it changes. */
export function useChange<V, R>(command: CommandName, change: (variables: V) => Promise<R>, options?: ChangeOptions<V, R>) {
  const queries = useQueryClient();
  return useMutation<R, Error, V>({
    ...options,
    mutationFn: change,
    onSettled: async (...args) => {
      await options?.onSettled?.(...args);
      await dropChanged(queries, command);
    },
  });
}

/** A key for a read the screen pages itself (a table that asks page by page): the command's name, then what the pages share. */
export function commandKey(command: CommandName, ...parts: unknown[]): readonly unknown[] {
  return [command, ...parts];
}

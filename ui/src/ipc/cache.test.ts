import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { dropChanged, readsAny } from "./cache";
import { COMMAND_TAGS, type CommandName } from "./tags";

/** A cache holding one answer per key, none of them stale yet. */
function cacheWith(keys: unknown[][]) {
  const queries = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const key of keys) queries.setQueryData(key, "answer");
  return queries;
}

const stale = (queries: QueryClient) =>
  queries
    .getQueryCache()
    .getAll()
    .filter((q) => q.isStale())
    .map((q) => q.queryKey[0])
    .sort();

describe("the cache follows the declarations", () => {
  it("a change drops exactly the answers that read what it changes", async () => {
    const queries = cacheWith([["list_lists"], ["get_list", 3], ["list_subscribers", { listId: 3 }], ["list_campaigns"], ["list_templates"]]);
    await dropChanged(queries, "rename_list");
    expect(stale(queries)).toEqual(["get_list", "list_lists"]);
  });

  it("a change naming nothing drops nothing", async () => {
    const queries = cacheWith([["list_lists"], ["open_thread", 1]]);
    await dropChanged(queries, "keep_draft");
    expect(stale(queries)).toEqual([]);
  });

  it("a patch drops nothing it names: the screen writes its answer in", async () => {
    expect(COMMAND_TAGS.mark_read.tags).toContain("thread");
    const queries = cacheWith([["open_thread", 1], ["list_dialogs"], ["unread_counts"]]);
    await dropChanged(queries, "mark_read");
    expect(stale(queries)).toEqual([]);
  });

  it("another account opened drops every answer", async () => {
    const queries = cacheWith([["list_lists"], ["open_thread", 1], ["report_overview", "light", {}]]);
    await dropChanged(queries, "open_account");
    expect(stale(queries)).toEqual(["list_lists", "open_thread", "report_overview"]);
  });

  it("a key no read command starts is never dropped by a tag", () => {
    expect(readsAny({ queryKey: ["rename_list"] }, ["lists"])).toBe(false);
    expect(readsAny({ queryKey: ["no_such_command"] }, ["lists"])).toBe(false);
  });

  it("every tag a change names is read by some command", () => {
    const read = new Set(
      Object.values(COMMAND_TAGS)
        .filter((c) => c.kind === "read")
        .flatMap((c) => [...c.tags] as string[]),
    );
    for (const [name, entry] of Object.entries(COMMAND_TAGS) as [CommandName, (typeof COMMAND_TAGS)[CommandName]][]) {
      if (entry.kind === "read") continue;
      for (const tag of entry.tags as readonly string[]) if (tag !== "workspace") expect(read, `${name} changes ${tag}`).toContain(tag);
    }
  });
});

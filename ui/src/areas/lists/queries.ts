import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { createList, deleteList, getList, listLists, renameList } from "../../ipc/commands";

/** Query keys: the command's name, then its arguments. */
export const keys = {
  lists: ["list_lists"] as const,
  list: (listId: number) => ["get_list", listId] as const,
  subscribers: ["list_subscribers"] as const,
};

const listsQuery = { queryKey: keys.lists, queryFn: listLists };

export function prefetchLists(queries: QueryClient) {
  void queries.prefetchQuery(listsQuery);
}

export function useLists() {
  return useQuery(listsQuery);
}

export function useList(listId: number) {
  return useQuery({ queryKey: keys.list(listId), queryFn: () => getList(listId) });
}

/** Every change to lists re-reads what it touched: the lists, the list, its subscribers. */
function useListsChange<A>(change: (args: A) => Promise<unknown>) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all([
        queries.invalidateQueries({ queryKey: keys.lists }),
        queries.invalidateQueries({ queryKey: ["get_list"] }),
        queries.invalidateQueries({ queryKey: keys.subscribers }),
      ]),
  });
}

export const useCreateList = () => useListsChange((name: string) => createList(name));
export const useRenameList = () => useListsChange(({ listId, name }: { listId: number; name: string }) => renameList(listId, name));
export const useDeleteList = () => useListsChange((listId: number) => deleteList(listId));

import { useQuery, type QueryClient } from "@tanstack/react-query";
import { getListQuery, listListsQuery } from "../../ipc/commands";

export function prefetchLists(queries: QueryClient) {
  void queries.prefetchQuery(listListsQuery());
}

export function useLists() {
  return useQuery(listListsQuery());
}

export function useList(listId: number) {
  return useQuery(getListQuery(listId));
}

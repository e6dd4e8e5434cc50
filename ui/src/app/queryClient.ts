import { QueryClient } from "@tanstack/react-query";

/**
 * One cache for every command's answers: one query key per command (its
 * name, then its arguments), mutations invalidate what they change.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The client already retries reads with backoff; a second layer here would multiply the wait.
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 15_000,
      },
    },
  });
}


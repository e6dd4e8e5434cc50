import { QueryCache, QueryClient, type Query } from "@tanstack/react-query";
import { throttledFor } from "../ipc/errors";

/**
 * One cache for every command's answers: one query key per command (its
 * name, then its arguments), mutations invalidate what they change.
 */
export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => readAgainWhenAllowed(client, error, query) }),
    defaultOptions: {
      queries: {
        // The client already retries reads with backoff; a second layer here would multiply the wait.
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 15_000,
      },
    },
  });
  return client;
}

/**
 * A read the service throttled stays on screen as "asked to slow down for
 * N seconds; the app tries again by itself", and is read again once those
 * seconds are over, if a screen still shows it.
 */
function readAgainWhenAllowed(client: QueryClient, error: unknown, query: Query<unknown, unknown, unknown>) {
  const wait = throttledFor(error);
  if (wait === null) return;
  setTimeout(() => void client.refetchQueries({ queryKey: query.queryKey, exact: true, type: "active" }), wait);
}


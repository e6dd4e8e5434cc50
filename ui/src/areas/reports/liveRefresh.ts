/** How often a sending campaign's dashboard is read again: soon after a change, less often while nothing changes. */
export const LIVE_FASTEST_MS = 5_000;
export const LIVE_SLOWEST_MS = 120_000;

/** The wait before the next read, given the last wait and whether the last read brought anything new. */
export function nextWait(lastWait: number | null, changed: boolean): number {
  if (changed || lastWait === null) return LIVE_FASTEST_MS;
  return Math.min(lastWait * 2, LIVE_SLOWEST_MS);
}

interface Seen {
  /** When the data last arrived. */
  at: number;
  /** What it said, to tell a change from a repeat. */
  signature: string;
  wait: number;
}

/**
 * A refetch interval for live data: reads again every few seconds while
 * it changes, backing off (doubling, up to two minutes) while it does not.
 */
export function backingOff<T>(signature: (data: T) => string) {
  const seen = new Map<string, Seen>();
  return (queryHash: string, data: T, arrivedAt: number): number => {
    const previous = seen.get(queryHash);
    if (previous && previous.at === arrivedAt) return previous.wait;
    const now = signature(data);
    const wait = nextWait(previous?.wait ?? null, previous ? previous.signature !== now : true);
    seen.set(queryHash, { at: arrivedAt, signature: now, wait });
    return wait;
  };
}

import { pendingSends } from "../kit/pendingSends";

/** Asks the user about the pending sends before the account is left; `true` once they went or were cancelled. */
type Asker = () => Promise<boolean>;

let asker: Asker | null = null;

/**
 * Where the question is asked (the page's pending-sends guard, which also
 * asks it when the window closes); returns how to stop.
 */
export function askBeforeLeaving(ask: Asker): () => void {
  asker = ask;
  return () => {
    if (asker === ask) asker = null;
  };
}

/**
 * Before the open account is left (another chosen, the demo reset): with
 * sends pending, the user chooses to send them now, cancel them or stay,
 * as when closing the window. `true` when nothing is pending any more and
 * the account may be left; `false` to stay. What leaves the account would
 * otherwise send them at once with no Undo, or later into another account.
 */
export async function readyToLeave(): Promise<boolean> {
  if (pendingSends.list().length === 0) return true;
  if (asker) return asker();
  return pendingSends.sendAllNow();
}

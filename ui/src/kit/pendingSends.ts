import type { MessageKey, MessageValues } from "../i18n/I18n";

/** Seconds the user has to change their mind after confirming, before a request that sends leaves the app. */
export const UNDO_SECONDS = 10;

/** An action that sends mail, confirmed by the user, to run once its undo window ends. */
export interface PendingSend {
  /** Says which action this is: while one with this key waits or runs, another start with it is ignored. */
  key: string;
  /** What the shell shows while it waits, in the user's language; `seconds` (left) is added to the values. */
  says: { key: MessageKey; values: MessageValues };
  /** The countdown's test hooks: `<testId>-countdown` and `<testId>-undo`. */
  testId: string;
  /** Sends. Its failure is shown by the shell; a success says so itself. */
  run: () => Promise<void>;
}

export interface HeldSend extends PendingSend {
  /** Waiting for its undo window to end, or on its way. */
  phase: "waiting" | "sending";
  /** Whole seconds left to undo it. */
  left: number;
}

type FailureListener = (error: unknown, send: PendingSend) => void;

interface Entry {
  held: HeldSend;
  deadline: number;
  timer?: ReturnType<typeof setTimeout>;
  done?: Promise<boolean>;
}

/**
 * The sends the user confirmed, held for the app rather than for the page
 * that asked: they wait, count down and go whichever area is shown, and
 * the shell shows them. A page gives its send a label and a function to
 * run, and can undo it by its key.
 */
export class PendingSends {
  private entries = new Map<string, Entry>();
  private shown: readonly HeldSend[] = [];
  private listeners = new Set<() => void>();
  private failureListeners = new Set<FailureListener>();
  /** Failures nobody was there to show yet (the shell is not mounted): shown when it is. */
  private unshown: [unknown, PendingSend][] = [];

  /** Starts the undo window of `send`; `false` when the same action already waits or runs. */
  start(send: PendingSend): boolean {
    if (this.entries.has(send.key)) return false;
    const entry: Entry = { held: { ...send, phase: "waiting", left: UNDO_SECONDS }, deadline: Date.now() + UNDO_SECONDS * 1000 };
    this.entries.set(send.key, entry);
    this.tick(entry);
    this.changed();
    return true;
  }

  /** Drops a send still in its undo window; one already on its way goes on. */
  undo(key: string) {
    const entry = this.entries.get(key);
    if (!entry || entry.held.phase !== "waiting") return;
    clearTimeout(entry.timer);
    this.entries.delete(key);
    this.changed();
  }

  /** Drops every send still in its undo window. */
  cancelAll() {
    for (const key of [...this.entries.keys()]) this.undo(key);
  }

  /** Sends everything waiting now and waits for every send under way; `true` when all went. */
  async sendAllNow(): Promise<boolean> {
    const all = [...this.entries.values()].map((entry) => this.send(entry));
    return (await Promise.all(all)).every(Boolean);
  }

  /** What waits or is on its way, oldest first; the same array until something changes. */
  list = (): readonly HeldSend[] => this.shown;

  /** The send with this key, while it waits or runs. */
  find(key: string): HeldSend | undefined {
    return this.entries.get(key)?.held;
  }

  /** Hears every change; returns how to stop. */
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Hears every failure, beginning with those that came while nobody heard; returns how to stop. */
  onFailure(listener: FailureListener) {
    this.failureListeners.add(listener);
    for (const [error, send] of this.unshown.splice(0)) listener(error, send);
    return () => void this.failureListeners.delete(listener);
  }

  private tick(entry: Entry) {
    const untilEnd = entry.deadline - Date.now();
    if (untilEnd <= 0) {
      void this.send(entry);
      return;
    }
    const left = Math.ceil(untilEnd / 1000);
    if (left !== entry.held.left) {
      entry.held = { ...entry.held, left };
      this.changed();
    }
    // Wakes at the next whole second left, so the figure shown never lags.
    entry.timer = setTimeout(() => this.tick(entry), untilEnd - (left - 1) * 1000);
  }

  private send(entry: Entry): Promise<boolean> {
    if (entry.done) return entry.done;
    clearTimeout(entry.timer);
    entry.held = { ...entry.held, phase: "sending", left: 0 };
    this.changed();
    const { run } = entry.held;
    entry.done = Promise.resolve().then(run).then(
      () => true,
      (error: unknown) => {
        this.failed(error, entry.held);
        return false;
      },
    );
    void entry.done.then(() => {
      this.entries.delete(entry.held.key);
      this.changed();
    });
    return entry.done;
  }

  private failed(error: unknown, send: PendingSend) {
    if (this.failureListeners.size === 0) this.unshown.push([error, send]);
    for (const listener of this.failureListeners) {
      try {
        listener(error, send);
      } catch {
        // One listener's trouble must not stop the others, nor the holder.
      }
    }
  }

  private changed() {
    this.shown = [...this.entries.values()].map((entry) => entry.held);
    for (const listener of this.listeners) listener();
  }
}

/** The app's one holder: it lives as long as the page, whichever screen is shown. */
export const pendingSends = new PendingSends();

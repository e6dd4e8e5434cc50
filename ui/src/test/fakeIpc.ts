/**
 * The desktop side, for tests that render whole screens: `invoke` answers
 * each command from `answers` (a command's name to what it returns, given
 * its arguments), and notes a command it has no answer for in `unanswered`
 * (its promise never settles, so the screen waits as it would for a slow
 * service, and the test can say which answer is missing).
 */
export type Answer = (args: Record<string, unknown>) => unknown;

export const answers = new Map<string, Answer>();
export const unanswered = new Set<string>();

export function answer(table: Record<string, Answer>) {
  for (const [command, reply] of Object.entries(table)) answers.set(command, reply);
}

/** What `@tauri-apps/api/core` is replaced by: `vi.mock("@tauri-apps/api/core", () => import("../test/fakeIpc").then((m) => m.tauriCore))`. */
export const tauriCore = {
  invoke: (command: string, args: Record<string, unknown> = {}): Promise<unknown> => {
    const reply = answers.get(command);
    if (!reply) {
      unanswered.add(command);
      return new Promise(() => {});
    }
    return Promise.resolve().then(() => reply(args));
  },
  /** A channel the desktop side would send progress on; these answers send none. */
  Channel: class {
    onmessage: (message: unknown) => void = () => {};
  },
};

import { useEffect, useState } from "react";
import type { PickedFile } from "../ipc/bindings/PickedFile";

/**
 * A file dropped onto the window, on its way to a list's import: the app
 * chose the list (the one in view, or the one the user named), the list's
 * page opens the import with it. Kept here until that page takes it.
 */
let waiting: { listId: number; file: PickedFile } | null = null;
const listeners = new Set<() => void>();

export function dropInto(listId: number, file: PickedFile) {
  waiting = { listId, file };
  for (const listener of listeners) listener();
}

/** The file dropped for the list `listId`, taken once: the caller opens its import. */
export function useDroppedFile(listId: number, take: (file: PickedFile) => void) {
  const [, changed] = useState(0);
  useEffect(() => {
    const listener = () => changed((n) => n + 1);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  useEffect(() => {
    if (waiting?.listId !== listId) return;
    const { file } = waiting;
    waiting = null;
    take(file);
  });
}

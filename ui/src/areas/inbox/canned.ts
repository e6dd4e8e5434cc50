import { useCallback, useState } from "react";
import type { ReplierView } from "../../ipc/bindings/ReplierView";

/**
 * Canned replies: answers a marketer gives again and again, kept on this
 * computer (the webview's storage) for every account. Their text may hold
 * variables written as the service writes them, `%EMAIL%`, `%CAMPAIGN%` and
 * the list's additional fields (`%NAME%`), filled in for the subscriber
 * being answered.
 */
export interface CannedReply {
  id: string;
  title: string;
  text: string;
}

const KEY = "campaign-desk.canned-replies";

function load(): CannedReply[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(stored) ? (stored as CannedReply[]).filter((r) => r && typeof r.text === "string") : [];
  } catch {
    return [];
  }
}

/** The canned replies, and changes to them, stored as they are made. */
export function useCannedReplies() {
  const [replies, setReplies] = useState<CannedReply[]>(load);
  const change = useCallback((next: CannedReply[]) => {
    try {
      localStorage.setItem(KEY, JSON.stringify(next));
    } catch {
      // Storage full or unavailable: the change lasts until the app closes.
    }
    setReplies(next);
  }, []);
  const add = useCallback(
    (title: string, text: string) => change([...load(), { id: `${Date.now()}-${Math.random().toString(36).slice(2)}`, title, text }]),
    [change],
  );
  const remove = useCallback((id: string) => change(load().filter((r) => r.id !== id)), [change]);
  return { replies, add, remove };
}

/** A variable as written in a reply: `%NAME%`, Latin or Cyrillic. */
const VARIABLE = /%([A-Za-zА-Яа-яЁё0-9_]+)%/g;

/** What the variables stand for when answering this subscriber. */
export function replierValues(email: string, replier: ReplierView | undefined): Record<string, string> {
  const values: Record<string, string> = { EMAIL: email };
  const campaign = replier?.campaign?.name ?? replier?.campaign?.subject;
  if (campaign) values.CAMPAIGN = campaign;
  for (const field of replier?.fields ?? []) {
    if (field.value) values[field.tag.toUpperCase()] = field.value;
  }
  return values;
}

/** The text with every variable that has a value filled in; the rest stay as written, to be seen. */
export function fillVariables(text: string, values: Record<string, string>): string {
  return text.replace(VARIABLE, (whole, name: string) => values[name.toUpperCase()] ?? whole);
}

/** Variables still in a text, each once: the subscriber would read them as written. */
export function variablesLeft(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(VARIABLE), (m) => m[0]))];
}

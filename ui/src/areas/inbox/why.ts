import type { KeyPress } from "../../kit/shortcuts";
import { boundAction } from "../../kit/shortcuts";
import type { MessageKey } from "../../i18n/I18n";
import type { ReplyKind } from "../../ipc/bindings/ReplyKind";
import type { Sign } from "../../ipc/bindings/Sign";

/**
 * What gave a reply's kind away, as the inbox says it: every kind and sign
 * the triage can send. A person's reply says nothing unless the marketer
 * filed its sender, or the triage was not sure.
 */
export const WHY: Record<ReplyKind, Partial<Record<Sign, MessageKey>>> = {
  auto_reply: {
    subject: "inbox.why.auto_reply.subject",
    sender: "inbox.why.auto_reply.sender",
    words: "inbox.why.auto_reply.words",
    likeness: "inbox.why.auto_reply.likeness",
    marked: "inbox.why.auto_reply.marked",
  },
  failure: {
    subject: "inbox.why.failure.subject",
    sender: "inbox.why.failure.sender",
    words: "inbox.why.failure.words",
    likeness: "inbox.why.failure.likeness",
    marked: "inbox.why.failure.marked",
  },
  unsubscribe: {
    words: "inbox.why.unsubscribe.words",
    likeness: "inbox.why.unsubscribe.likeness",
    marked: "inbox.why.unsubscribe.marked",
  },
  complaint: {
    words: "inbox.why.complaint.words",
    likeness: "inbox.why.complaint.likeness",
    marked: "inbox.why.complaint.marked",
  },
  human: {
    marked: "inbox.why.human.marked",
    unsure: "inbox.why.human.unsure",
  },
};

/** The reason shown beside a kind's tag; `undefined` for a person's reply the triage had no doubt about. */
export function whyKey(kind: ReplyKind, sign: Sign): MessageKey | undefined {
  return WHY[kind][sign];
}

/** The kinds in the order the digit keys file them: 1 a person … 5 a complaint. */
export const REFILE_ORDER: ReplyKind[] = ["human", "auto_reply", "failure", "unsubscribe", "complaint"];

/** Digit → what the sender's replies are filed as; 0 gives them back to the automatic triage (`null`). */
const REFILE_KEYS: Record<string, ReplyKind | null> = {
  ...Object.fromEntries(REFILE_ORDER.map((kind, i) => [String(i + 1), kind])),
  "0": null,
};

/** The key that files a sender's replies as `kind` (`null`: automatic), as the menu and the key sheet show it. */
export function refileKey(kind: ReplyKind | null): string {
  return kind === null ? "0" : String(REFILE_ORDER.indexOf(kind) + 1);
}

/**
 * What a key press files the open dialog's sender as: a kind, `null` for
 * automatic, `undefined` when the press is no refiling (another key, a
 * modifier held, or typed into a text field such as the reply box).
 */
export function refileFor(press: KeyPress & Pick<KeyboardEvent, "ctrlKey" | "metaKey" | "altKey" | "target">): ReplyKind | null | undefined {
  if (press.ctrlKey || press.metaKey || press.altKey || press.shiftKey) return undefined;
  const target = press.target;
  const typing =
    target instanceof HTMLElement &&
    (target.isContentEditable || target.closest("[contenteditable=true]") !== null || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
  if (typing) return undefined;
  return boundAction(press, REFILE_KEYS);
}

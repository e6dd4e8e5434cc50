import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import type { NewReply } from "../../ipc/bindings/NewReply";
import { newReplies, notify } from "../../ipc/commands";
import { useT } from "../../i18n/I18n";
import { dropChanged } from "../../ipc/cache";
import { useUnreadCounts } from "./queries";

/** How often the list is read for news even though the unread count did not rise. */
const LOOK_ANYWAY_MS = 5 * 60_000;

/** How long after a notification coming back to the app opens its dialog. */
const OPENS_WITHIN_MS = 120_000;

/** The notification's words, in the user's language: one reply, or how many and from whom. */
export function notificationText(news: NewReply[], t: ReturnType<typeof useT>) {
  if (news.length === 1) {
    const [reply] = news;
    return { title: t("inbox.notify.one", { subscriber: reply.subscriber }), body: [reply.subject, reply.preview].filter(Boolean).join("\n") };
  }
  const who = news.slice(0, 3).map((r) => r.subscriber);
  return { title: t("inbox.notify.many", { count: news.length }), body: who.join(", ") + (news.length > 3 ? ", …" : "") };
}

/**
 * After every poll of the unread counts: replies from people that came in
 * since are shown in the list and, while the app is not in front, raise a
 * system notification. Coming back to the app soon after (clicking the
 * notification brings it to the front) opens the newest of them.
 */
export function useReplyAnnouncements() {
  const t = useT();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const counts = useUnreadCounts();
  const waiting = useRef<{ dialogId: number; at: number } | null>(null);
  const looked = useRef<{ open: number; at: number } | null>(null);

  useEffect(() => {
    if (!counts.dataUpdatedAt || !counts.data) return;
    // The first count is where things stand: what waited before is in the
    // inbox, not news, and costs no look at the list. After it, the list is
    // read for news when the count rose: one that fell or held (a thread
    // read, a poll with nothing new) is not worth a request, but now and
    // then all the same, for a reply that came as another was read.
    const before = looked.current;
    const now = Date.now();
    if (!before || (counts.data.open <= before.open && now - before.at < LOOK_ANYWAY_MS)) {
      looked.current = { open: counts.data.open, at: before?.at ?? now };
      return;
    }
    const roseBy = Math.max(0, counts.data.open - before.open);
    looked.current = { open: counts.data.open, at: now };
    let current = true;
    newReplies(roseBy)
      .then((news) => {
        if (!current || news.length === 0) return;
        void dropChanged(queries, "new_replies");
        if (document.hasFocus()) return;
        const { title, body } = notificationText(news, t);
        void notify(title, body);
        waiting.current = { dialogId: news[0].dialogId, at: Date.now() };
      })
      .catch(() => {
        // Offline or the service failing: the counts' own polling backs off and says so.
      });
    return () => {
      current = false;
    };
  }, [counts.dataUpdatedAt, counts.data, queries, t]);

  useEffect(() => {
    const onFocus = () => {
      const notified = waiting.current;
      waiting.current = null;
      const typing = document.activeElement instanceof HTMLInputElement || document.activeElement instanceof HTMLTextAreaElement;
      if (notified && Date.now() - notified.at < OPENS_WITHIN_MS && !typing) {
        void navigate({ to: "/w/inbox", search: { dialog: notified.dialogId } });
      }
    };
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [navigate]);
}

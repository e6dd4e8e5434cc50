import { Channel } from "@tauri-apps/api/core";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import type { Arrival } from "../ipc/bindings/Arrival";
import type { PickedFile } from "../ipc/bindings/PickedFile";
import type { Route } from "../ipc/bindings/Route";
import { listListsQuery, watchArrivals } from "../ipc/commands";
import { useT } from "../i18n/I18n";
import { Dialog } from "../kit/Dialog";
import { toDeskError } from "../ipc/errors";
import { explain } from "../i18n/explain";
import { useToast } from "../kit/Toast";
import { dropInto } from "./dropped";
import { openUpdates } from "./updates/Updates";
import styles from "./Arrivals.module.css";

/** Where a `campaign-desk://` link leads in the workspace. */
export function pathOf(route: Route): { to: string; search?: Record<string, number | boolean> } {
  switch (route.to) {
    case "campaign":
      return { to: `/w/campaigns/${route.id}` };
    case "report":
      return { to: `/w/reports/${route.id}` };
    case "list":
      return { to: `/w/lists/${route.id}` };
    case "dialog":
      // Shown, not read: the inbox marks it read once the user acts on it.
      return { to: "/w/inbox", search: { dialog: route.id, byLink: true } };
  }
}

/**
 * Whether one of the app's modal dialogs is open: the user is in the middle
 * of something there (a change of many running, an import, a send's
 * question), which going to another screen would take away.
 */
export function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
}

/** The list whose page is in view, if one is. */
export function listInView(pathname: string): number | null {
  const id = /^\/w\/lists\/(\d+)$/.exec(pathname)?.[1];
  return id ? Number(id) : null;
}

/**
 * What the system hands the app (see `desk::arrivals`): a link opens its
 * screen, once no dialog is open (the toast says it waits); a file dropped
 * onto the window opens the import of the list in
 * view, or first asks which list; what the native menu's Help items did is
 * said as the page's own Help menu says it.
 */
export function Arrivals() {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const where = useRef(pathname);
  where.current = pathname;
  const [asking, setAsking] = useState<PickedFile | null>(null);
  /** The link that came while a dialog was open: the last one, opened as the dialogs close. */
  const [waiting, setWaiting] = useState<Route | null>(null);
  const toast = useToast();
  // The words of the language shown when a message comes, not when the page started watching.
  const words = useT();
  const t = useRef(words);
  t.current = words;

  useEffect(() => {
    const channel = new Channel<Arrival>();
    channel.onmessage = (arrival) => {
      if (arrival.kind === "diagnosticsCopied") return toast(t.current("diagnostics.copied"));
      if (arrival.kind === "checkForUpdates") return openUpdates();
      if (arrival.kind === "failed") return toast(explain(arrival.error, t.current).title, "error");
      if (arrival.kind === "link") {
        if (dialogOpen()) {
          setWaiting(arrival.route);
          return toast(t.current("arrivals.linkWaits"));
        }
        setAsking(null);
        void navigate(pathOf(arrival.route));
        return;
      }
      const list = listInView(where.current);
      if (list == null) return setAsking(arrival.file);
      setAsking(null);
      dropInto(list, arrival.file);
    };
    void watchArrivals(channel).catch(() => {});
  }, [navigate, toast]);

  // A waiting link opens as the last dialog closes (whatever closed it).
  useEffect(() => {
    if (!waiting) return;
    const openWhenFree = () => {
      if (dialogOpen()) return;
      setWaiting(null);
      void navigate(pathOf(waiting));
    };
    const watcher = new MutationObserver(openWhenFree);
    watcher.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["role", "aria-modal"] });
    openWhenFree();
    return () => watcher.disconnect();
  }, [waiting, navigate]);

  if (!asking) return null;
  return (
    <WhichList
      file={asking}
      onClose={() => setAsking(null)}
      onChosen={(listId) => {
        setAsking(null);
        dropInto(listId, asking);
        void navigate({ to: `/w/lists/${listId}` });
      }}
    />
  );
}

/** A file dropped away from any list: into which list it goes. */
function WhichList({ file, onClose, onChosen }: { file: PickedFile; onClose: () => void; onChosen: (listId: number) => void }) {
  const t = useT();
  const lists = useQuery(listListsQuery());
  const [chosen, setChosen] = useState<string>("");
  const first = lists.data?.[0]?.id;
  const value = chosen || (first != null ? String(first) : "");
  return (
    <Dialog
      title={t("dropped.title", { file: file.name })}
      onClose={onClose}
      busy={false}
      error={lists.error ? toDeskError(lists.error) : null}
      action={
        value
          ? { label: t("dropped.open"), busyLabel: t("dropped.open"), testId: "dropped-open", run: () => onChosen(Number(value)) }
          : undefined
      }
    >
      {lists.data?.length === 0 && <p>{t("dropped.noLists")}</p>}
      {!!lists.data?.length && (
        <label className={styles.list}>
          <span>{t("dropped.list")}</span>
          <select value={value} onChange={(e) => setChosen(e.target.value)} data-testid="dropped-list" autoFocus>
            {lists.data.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name}
              </option>
            ))}
          </select>
        </label>
      )}
    </Dialog>
  );
}

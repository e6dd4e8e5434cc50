import { useQueryClient } from "@tanstack/react-query";
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import type { DeskError } from "../../ipc/bindings/DeskError";
import type { RouteForm } from "../../ipc/bindings/RouteForm";
import type { RouteView } from "../../ipc/bindings/RouteView";
import { inboundRoutesKey, useDeleteRoute, useRekeyRoute, useReorderRoutes, useSaveRoute } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { useT } from "../../i18n/I18n";
import { ActionDialog, ConfirmDialog } from "../../kit/ActionDialog";
import { Button } from "../../kit/Button";
import { CopyButton } from "../../kit/CopyButton";
import { Dialog } from "../../kit/Dialog";
import { ErrorNotice } from "../../kit/ErrorNotice";
import styles from "../../kit/Page.module.css";
import { useToast } from "../../kit/Toast";
import { RouteEditor } from "./RouteEditor";
import { actionInWords, moved, ruleInWords } from "./routeSummary";
import own from "./Inbound.module.css";

type Ask =
  | { kind: "none" }
  | { kind: "edit"; id: number | null; form: RouteForm }
  | { kind: "remove"; route: RouteView }
  | { kind: "rekey"; route: RouteView }
  | { kind: "key"; route: RouteView; key: string };

const NEW_ROUTE: RouteForm = { description: "", active: true, rule: { kind: "everything" }, actions: [{ type: "store", ttlDays: 7, notifyUrl: "" }] };

const formOf = (route: RouteView): RouteForm => ({ description: route.description, active: route.active, rule: route.rule, actions: route.actions });

/**
 * The routes in the order mail meets them. A route is moved by its handle:
 * arrow keys on the handle (or Alt+arrows anywhere in its row), or dragged
 * with the pointer; the new order is saved at once, the latest one last.
 */
export function RoutesPanel({ routes, readOnly }: { routes: RouteView[]; readOnly: boolean }) {
  const t = useT();
  const toast = useToast();
  const queries = useQueryClient();
  const [ask, setAsk] = useState<Ask>({ kind: "none" });
  const close = () => setAsk({ kind: "none" });
  const save = useSaveRoute();
  const remove = useDeleteRoute();
  const rekey = useRekeyRoute();
  const reorder = useReorderRoutes({ onSuccess: (saved) => queries.setQueryData(inboundRoutesKey(), saved) });

  // The order shown while moves are being made and saved; `null`: the service's.
  const [order, setOrder] = useState<number[] | null>(null);
  const [error, setError] = useState<DeskError | null>(null);
  const [said, setSaid] = useState("");
  const [saving, setSaving] = useState(false);
  const waiting = useRef<number[] | null>(null);
  const flushing = useRef(false);
  const dragged = useRef<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  // The handle of the route last moved by keys keeps the focus while the list is drawn again (WebKit drops it,
  // with no blur, when the saved order comes back), so ↑ can be pressed again; moving the focus away ends it.
  const keepFocus = useRef<number | null>(null);
  useLayoutEffect(() => {
    const refocus = () => {
      const id = keepFocus.current;
      const lost = !document.activeElement || document.activeElement === document.body;
      const handle = list.current?.querySelector<HTMLElement>(`[data-route-id="${id}"] [data-testid=move-route]`);
      if (id !== null && handle && lost) handle.focus();
    };
    refocus();
    // WebKit may drop it once the frame is drawn, after this commit.
    const frame = requestAnimationFrame(refocus);
    return () => cancelAnimationFrame(frame);
  });

  const byId = new Map(routes.map((r) => [r.id, r]));
  const shown = (order ?? routes.map((r) => r.id)).map((id) => byId.get(id)).filter((r): r is RouteView => r !== undefined);

  // One save at a time, each of a whole order: the last order asked for is the one the service ends with.
  const flush = async () => {
    flushing.current = true;
    setSaving(true);
    while (waiting.current) {
      const next = waiting.current;
      waiting.current = null;
      try {
        await reorder.mutateAsync({ order: next });
      } catch (reason) {
        waiting.current = null;
        setError(toDeskError(reason));
      }
    }
    flushing.current = false;
    setSaving(false);
    setOrder(null);
  };
  const commit = (next: number[]) => {
    waiting.current = next;
    if (!flushing.current) void flush();
  };

  const move = (id: number, by: number) => {
    const ids = shown.map((r) => r.id);
    const from = ids.indexOf(id);
    const to = Math.max(0, Math.min(ids.length - 1, from + by));
    if (from === to) return;
    const next = moved(ids, from, to);
    keepFocus.current = id;
    setOrder(next);
    setError(null);
    setSaid(t("inbound.routes.movedTo", { position: to + 1, count: ids.length }));
    commit(next);
  };

  const onHandleKey = (id: number) => (e: KeyboardEvent) => {
    if (e.key === "ArrowUp" || e.key === "ArrowDown") {
      e.preventDefault();
      e.stopPropagation();
      move(id, e.key === "ArrowUp" ? -1 : 1);
    }
  };
  const onRowKey = (id: number) => (e: KeyboardEvent) => {
    if (e.altKey && (e.key === "ArrowUp" || e.key === "ArrowDown")) {
      e.preventDefault();
      move(id, e.key === "ArrowUp" ? -1 : 1);
    }
  };

  const onPointerDown = (id: number) => (e: PointerEvent<HTMLButtonElement>) => {
    if (readOnly || e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    dragged.current = id;
    setOrder(shown.map((r) => r.id));
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const id = dragged.current;
    if (id === null || !list.current) return;
    const rows = [...list.current.querySelectorAll<HTMLElement>("[data-testid=route-row]")];
    const middles = rows.map((row) => {
      const box = row.getBoundingClientRect();
      return box.top + box.height / 2;
    });
    const over = middles.findIndex((middle) => e.clientY < middle);
    const ids = shown.map((r) => r.id);
    const from = ids.indexOf(id);
    let to = over === -1 ? ids.length - 1 : over;
    if (to > from) to -= 1;
    if (to !== from) setOrder(moved(ids, from, to));
  };
  const onPointerUp = () => {
    const id = dragged.current;
    if (id === null) return;
    dragged.current = null;
    const ids = shown.map((r) => r.id);
    if (ids.join() === routes.map((r) => r.id).join()) return setOrder(null);
    setSaid(t("inbound.routes.movedTo", { position: ids.indexOf(id) + 1, count: ids.length }));
    commit(ids);
  };

  return (
    <section className={own.panel} aria-labelledby="inbound-routes" data-testid="inbound-routes">
      <div className={own.panelHead}>
        <h2 id="inbound-routes">{t("inbound.routes.title")}</h2>
        {!readOnly && (
          <Button variant="primary" onClick={() => setAsk({ kind: "edit", id: null, form: NEW_ROUTE })} data-testid="new-route">
            {t("inbound.routes.new")}
          </Button>
        )}
      </div>
      <p className={own.lead}>{t(readOnly ? "inbound.routes.leadReadOnly" : "inbound.routes.lead")}</p>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      <p className={styles.unseen} aria-live="polite">
        {said}
      </p>
      {shown.length === 0 && <div className={styles.empty}>{t("inbound.routes.none")}</div>}
      <ol ref={list} className={own.routes} data-testid="route-list" data-saving={saving}>
        {shown.map((route, index) => {
          const name = route.description || t("inbound.routes.unnamed", { id: route.id });
          return (
            <li key={route.id} className={[own.route, dragged.current === route.id ? own.dragging : ""].join(" ")} onKeyDown={onRowKey(route.id)} data-testid="route-row" data-route-id={route.id} data-active={route.active}>
              <button
                type="button"
                className={own.handle}
                aria-label={t("inbound.routes.move", { name, position: index + 1, count: shown.length })}
                title={t("inbound.routes.moveHint")}
                disabled={readOnly}
                onKeyDown={onHandleKey(route.id)}
                onBlur={(e) => {
                  if (e.relatedTarget) keepFocus.current = null;
                }}
                onPointerDown={onPointerDown(route.id)}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={onPointerUp}
                data-testid="move-route"
              >
                ⠿
              </button>
              <span className={own.position}>{index + 1}</span>
              <div className={own.routeBody}>
                <div className={own.routeHead}>
                  <span className={own.routeName}>{name}</span>
                  {!route.active && <span className={[own.badge, own.off].join(" ")}>{t("inbound.routes.paused")}</span>}
                </div>
                <p className={own.rule} data-testid="route-rule">
                  {ruleInWords(route.rule, t)}
                </p>
                <ul className={own.actions}>
                  {route.actions.map((action, i) => (
                    <li key={i} className={own.action} data-type={action.type}>
                      {actionInWords(action, t)}
                    </li>
                  ))}
                </ul>
              </div>
              {!readOnly && (
                <div className={own.routeButtons}>
                  <Button variant="link" onClick={() => setAsk({ kind: "edit", id: route.id, form: formOf(route) })} data-testid="edit-route">
                    {t("inbound.routes.edit")}
                  </Button>
                  <Button variant="link" onClick={() => setAsk({ kind: "rekey", route })} data-testid="rekey-route">
                    {t("inbound.routes.rekey")}
                  </Button>
                  <Button variant="link" onClick={() => setAsk({ kind: "remove", route })} data-testid="remove-route">
                    {t("inbound.routes.remove")}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {ask.kind === "edit" && (
        <RouteEditor
          initial={ask.form}
          isNew={ask.id === null}
          onClose={close}
          onSave={async (form) => {
            await save.mutateAsync({ id: ask.id, form });
            toast(t(ask.id === null ? "inbound.routes.made" : "inbound.routes.saved"));
          }}
        />
      )}
      {ask.kind === "remove" && (
        <ConfirmDialog
          title={t("inbound.routes.removeTitle", { name: ask.route.description || t("inbound.routes.unnamed", { id: ask.route.id }) })}
          confirmLabel={t("inbound.routes.removeConfirm")}
          onClose={close}
          onConfirm={async () => {
            await remove.mutateAsync({ id: ask.route.id });
            toast(t("inbound.routes.removed"));
          }}
        >
          <p>{t("inbound.routes.removeBody")}</p>
        </ConfirmDialog>
      )}
      {ask.kind === "rekey" && (
        <ActionDialog
          title={t("inbound.routes.rekeyTitle")}
          actionLabel={t("inbound.routes.rekeyConfirm")}
          testId="confirm"
          danger
          onClose={close}
          onRun={async () => {
            const key = await rekey.mutateAsync({ id: ask.route.id });
            // Shown once, here: the key is not kept by the app, nor shown in the list.
            setTimeout(() => setAsk({ kind: "key", route: ask.route, key }));
          }}
        >
          <p>{t("inbound.routes.rekeyBody")}</p>
        </ActionDialog>
      )}
      {ask.kind === "key" && (
        <Dialog title={t("inbound.routes.keyTitle")} onClose={close} busy={false} closeLabel={t("inbound.routes.keyDone")}>
          <p>{t("inbound.routes.keyBody")}</p>
          <div className={own.key}>
            <code data-testid="signing-key">{ask.key}</code>
            <CopyButton text={ask.key} label={t("inbound.routes.copyKey")} testId="copy-key" />
          </div>
          <p className={own.lead}>{t("inbound.routes.keyOnce")}</p>
        </Dialog>
      )}
    </section>
  );
}

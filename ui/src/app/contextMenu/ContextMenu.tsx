import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Fragment, useCallback, useEffect, useRef, useState } from "react";
import { useT } from "../../i18n/I18n";
import styles from "../../kit/Menu.module.css";
import { useToast } from "../../kit/Toast";
import { offerFor, type ContextGroups, type ContextItem } from "./offer";

interface Shown {
  /** Where the menu opens: the pointer, or the element the keyboard is on. */
  x: number;
  y: number;
  groups: ContextGroups;
  /** Where the focus goes back to, with a field's selection. */
  back: HTMLElement | null;
  selection: [number, number] | null;
  byKeyboard: boolean;
  /** A new menu is a new one, even at the same place. */
  key: number;
}

/** The menu key, and Shift+F10 (the same in every desktop's conventions). */
export const isMenuKey = (press: Pick<KeyboardEvent, "key" | "shiftKey">) => press.key === "ContextMenu" || (press.shiftKey && press.key === "F10");

const FOCUSABLE = "a[href], button, input, textarea, select, [tabindex]";

/** Where the focus should come back: what had it, else what was clicked (a row's first button). */
function returnPlace(target: Element): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return active;
  const own = target.closest<HTMLElement>(FOCUSABLE);
  if (own) return own;
  return target.closest("tr, [role=row], [data-menu-row]")?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
}

function fieldSelection(element: HTMLElement | null): [number, number] | null {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) || element.selectionStart === null) return null;
  return [element.selectionStart, element.selectionEnd ?? element.selectionStart];
}

/** A point on the element the keyboard is on, for a menu opened from the keyboard. */
function pointOn(element: Element): [number, number] {
  const box = element.getBoundingClientRect();
  return [box.left + Math.min(16, box.width / 2), box.top + Math.min(box.height, 24)];
}

/**
 * The app's context menu, in place of the webview's (which offers Reload,
 * Back and Inspect, and would lose the page): cut, copy and paste in text
 * fields and the code editor, copying what is selected, a link's and a
 * row's actions (see `useRowMenu`), and nothing at all anywhere else.
 * Opened by the right button, the menu key or Shift+F10; the keyboard moves
 * in it, Escape closes it and the focus goes back where it was.
 */
export function ContextMenu() {
  const t = useT();
  const toast = useToast();
  const [shown, setShown] = useState<Shown | null>(null);
  const opened = useRef(0);
  const latest = useRef({ t });
  latest.current = { t };

  useEffect(() => {
    const open = (target: Element, point: [number, number] | null, byKeyboard: boolean) => {
      const groups = offerFor(target, latest.current.t);
      if (groups.length === 0) return setShown(null);
      const back = returnPlace(target);
      const [x, y] = point ?? pointOn(back ?? target);
      setShown({ x, y, groups, back, selection: fieldSelection(back), byKeyboard, key: ++opened.current });
    };
    // When the menu key was last answered, until the webview's own menu event that follows it
    // (where it sends one: WebKitGTK 2.50 sends none) or until the user presses the right button.
    let keyAt: number | null = null;
    const onMouseDown = (event: MouseEvent) => {
      if (event.button === 2) keyAt = null;
    };
    const onContextMenu = (event: MouseEvent) => {
      // Never the webview's menu, whatever is under the pointer.
      event.preventDefault();
      const target = event.target;
      if (!(target instanceof Element) || target.closest("[data-context-menu]")) return;
      // The webview may follow a menu key this page has already answered with a menu event of its
      // own: that one event is passed over, and only it; a right click (a press of the button
      // comes first) is always the user's.
      const followsKey = keyAt !== null && performance.now() - keyAt < 500;
      keyAt = null;
      if (followsKey) return;
      const fromKeyboard = event.button !== 2 || (event.clientX === 0 && event.clientY === 0);
      open(target, fromKeyboard ? null : [event.clientX, event.clientY], fromKeyboard);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isMenuKey(event) || event.defaultPrevented) return;
      event.preventDefault();
      keyAt = performance.now();
      const target = document.activeElement ?? document.body;
      if (target.closest("[data-context-menu]")) return;
      open(target, null, true);
    };
    window.addEventListener("mousedown", onMouseDown, true);
    window.addEventListener("contextmenu", onContextMenu, true);
    window.addEventListener("keydown", onKeyDown);
    return () => {
      window.removeEventListener("mousedown", onMouseDown, true);
      window.removeEventListener("contextmenu", onContextMenu, true);
      window.removeEventListener("keydown", onKeyDown);
    };
  }, []);

  // From the keyboard, on the first item at once, as the desktop's menus do
  // (once the menu has taken the focus itself, as it does when it is shown).
  const byKeyboard = shown?.byKeyboard ?? false;
  const focusFirst = useCallback(
    (element: HTMLDivElement | null) => {
      const first = () => element?.querySelector<HTMLElement>("[role=menuitem]:not([data-disabled])")?.focus();
      if (element && byKeyboard) element.addEventListener("focus", first, { once: true });
    },
    [byKeyboard],
  );

  if (!shown) return null;

  const goBack = () => {
    const { back, selection } = shown;
    if (!back?.isConnected) return;
    back.focus({ preventScroll: true });
    if (selection && (back instanceof HTMLInputElement || back instanceof HTMLTextAreaElement)) back.setSelectionRange(...selection);
  };
  const choose = (item: ContextItem) => {
    // Back first: what the item opens (a dialog) remembers the row or field as the place to return to.
    goBack();
    const done = item.onSelect();
    if (done instanceof Promise) done.catch(() => toast(item.refused ?? t("contextMenu.copyRefused", { key: "Ctrl+C" }), "error"));
  };

  return (
    <DropdownMenu.Root key={shown.key} open modal={false} onOpenChange={(open) => !open && setShown(null)}>
      <DropdownMenu.Trigger asChild>
        <span className={styles.anchor} style={{ left: shown.x, top: shown.y }} aria-hidden tabIndex={-1} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={styles.content}
          side="bottom"
          align="start"
          sideOffset={2}
          collisionPadding={8}
          aria-label={t("contextMenu.label")}
          data-context-menu=""
          data-testid="context-menu"
          ref={focusFirst}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // Unless a chosen item has put the focus somewhere already (a dialog's field).
            if (document.activeElement === document.body || document.activeElement === null) goBack();
          }}
        >
          {shown.groups.map((group, g) => (
            <Fragment key={g}>
              {g > 0 && <DropdownMenu.Separator className={styles.separator} />}
              {group.map((item, i) => (
                <DropdownMenu.Item
                  key={`${i}-${item.label}`}
                  className={[styles.item, item.danger ? styles.danger : ""].join(" ")}
                  disabled={item.disabled}
                  onSelect={() => choose(item)}
                  data-testid={item.testId}
                >
                  {item.label}
                  {item.hint && <kbd className={styles.hint}>{item.hint}</kbd>}
                </DropdownMenu.Item>
              ))}
            </Fragment>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

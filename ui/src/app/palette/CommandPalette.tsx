import * as RadixDialog from "@radix-ui/react-dialog";
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent as KeyPressEvent } from "react";
import { useT } from "../../i18n/I18n";
import { shortcutNames, type KeyPress } from "../../kit/shortcuts";
import { arrange, type PaletteEntry } from "./arrange";
import { usePaletteEntries } from "./entries";
import styles from "./Palette.module.css";

const onMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** What the palette's key is called where it is pressed. */
export const PALETTE_KEY = onMac ? "⌘K" : "Ctrl+K";

type Chord = KeyPress & Pick<KeyboardEvent, "ctrlKey" | "metaKey" | "altKey">;

/**
 * Ctrl+K, or ⌘K on macOS (where Ctrl+K is a text field's own "delete to the
 * end of the line"), by the physical key: on the Russian layout the key
 * marked K types «л» and is still K.
 */
export function isPaletteKey(press: Chord, mac = onMac): boolean {
  const chord = mac ? press.metaKey && !press.ctrlKey : press.ctrlKey && !press.metaKey;
  return chord && !press.altKey && !press.shiftKey && shortcutNames(press).includes("k");
}

/** How far Page Up and Page Down move the choice. */
const PAGE = 5;

let openPaletteNow: (() => void) | null = null;

/** Opens the palette, as its key does (the sidebar's button). */
export function openPalette() {
  openPaletteNow?.();
}

/**
 * The command palette, over whatever is shown: its key opens it anywhere
 * in the app (and closes it again), unless a dialog busy with a write is
 * up, which nothing may take the user away from.
 */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const isOpen = useRef(false);
  isOpen.current = open;
  // Where the focus was when the palette opened: it goes back there when the palette closes with nothing chosen.
  const returnTo = useRef<Element | null>(null);
  // What was chosen runs once the palette is gone, its hold on the focus with it: a dialog the
  // choice opens, or a field it puts the cursor in, then keeps the focus.
  const chosen = useRef<(() => void) | null>(null);
  const picked = useRef(false);
  useEffect(() => {
    if (open || !chosen.current) return;
    const run = chosen.current;
    chosen.current = null;
    run();
  }, [open]);

  // Listening from the first paint on, not a frame later: a key pressed as the window shows is not lost.
  useLayoutEffect(() => {
    const show = () => {
      if (document.querySelector("[role=dialog][aria-busy=true]")) return;
      returnTo.current = document.activeElement;
      picked.current = false;
      setOpen(true);
    };
    openPaletteNow = show;
    const onKey = (press: KeyboardEvent) => {
      if (!isPaletteKey(press)) return;
      press.preventDefault();
      // Before a field or a code editor under the focus takes the key for itself.
      press.stopPropagation();
      if (isOpen.current) setOpen(false);
      else show();
    };
    window.addEventListener("keydown", onKey, true);
    return () => {
      window.removeEventListener("keydown", onKey, true);
      if (openPaletteNow === show) openPaletteNow = null;
    };
  }, []);

  const choose = (entry: PaletteEntry) => {
    chosen.current = entry.run;
    picked.current = true;
    setOpen(false);
  };
  const giveFocusBack = () => {
    const back = returnTo.current;
    returnTo.current = null;
    if (!picked.current && back instanceof HTMLElement && back.isConnected) back.focus();
  };
  return open ? <Palette onChoose={choose} onClose={() => setOpen(false)} onClosed={giveFocusBack} /> : null;
}

interface PaletteProps {
  onChoose: (entry: PaletteEntry) => void;
  onClose: () => void;
  /** Once it is gone: where the focus goes then is the shell's to say. */
  onClosed: () => void;
}

function Palette({ onChoose, onClose, onClosed }: PaletteProps) {
  const t = useT();
  const { groups, entries, reading } = usePaletteEntries();
  const [typed, setTyped] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const optionId = (index: number) => `${listId}-${index}`;
  const listRef = useRef<HTMLDivElement>(null);

  const sections = arrange(typed, entries, groups);
  const shown = sections.flatMap((section) => section.entries);
  const current = Math.min(active, Math.max(shown.length - 1, 0));

  useLayoutEffect(() => {
    listRef.current?.querySelector(`[id="${optionId(current)}"]`)?.scrollIntoView?.({ block: "nearest" });
  });

  const choose = (entry: PaletteEntry | undefined) => entry && onChoose(entry);

  const onKeyDown = (press: KeyPressEvent<HTMLInputElement>) => {
    const moveTo = (next: number) => {
      press.preventDefault();
      if (shown.length > 0) setActive(next);
    };
    const last = shown.length - 1;
    if (press.key === "ArrowDown") moveTo(current === last ? 0 : current + 1);
    else if (press.key === "ArrowUp") moveTo(current === 0 ? last : current - 1);
    else if (press.key === "PageDown") moveTo(Math.min(current + PAGE, last));
    else if (press.key === "PageUp") moveTo(Math.max(current - PAGE, 0));
    else if (press.key === "Enter" && !press.nativeEvent.isComposing) {
      press.preventDefault();
      choose(shown[current]);
    } else if (press.key === "Escape") {
      // The dialog closes on it; the page's own Escape (leave a field, close a thread) is not for it.
      press.stopPropagation();
    }
  };

  let index = -1;
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.palette}
          aria-describedby={undefined}
          // Radix would give the focus to the dialog's trigger, and the palette has none (it opens by a key).
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
          data-testid="palette"
        >
          <RadixDialog.Title className={styles.title}>{t("palette.title")}</RadixDialog.Title>
          <input
            className={styles.input}
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={shown.length > 0 ? optionId(current) : undefined}
            aria-label={t("palette.placeholder")}
            placeholder={t("palette.placeholder")}
            value={typed}
            onChange={(e) => {
              setTyped(e.currentTarget.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            autoComplete="off"
            spellCheck={false}
            data-testid="palette-input"
          />
          <div className={styles.list} role="listbox" id={listId} aria-label={t("palette.title")} ref={listRef}>
            {sections.map(({ group, entries: inGroup }) => (
              <div role="group" aria-labelledby={`${listId}-${group.id}`} key={group.id} data-group={group.id}>
                <div className={styles.heading} id={`${listId}-${group.id}`} role="presentation">
                  {group.heading}
                </div>
                {inGroup.map((entry) => {
                  index += 1;
                  const at = index;
                  return (
                    <div
                      key={entry.key}
                      id={optionId(at)}
                      role="option"
                      aria-selected={at === current}
                      className={styles.option}
                      // The focus stays in the field, where the typing is.
                      onMouseDown={(e) => e.preventDefault()}
                      onMouseMove={() => at !== current && setActive(at)}
                      onClick={() => choose(entry)}
                      data-testid={entry.testId}
                      data-key={entry.key}
                    >
                      <span className={styles.label}>{entry.label}</span>
                      {entry.detail && <span className={styles.detail}>{entry.detail}</span>}
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
          {shown.length === 0 && typed.trim() !== "" && !reading && (
            <p className={styles.note} role="status" data-testid="palette-none">
              {t("palette.none", { typed: typed.trim() })}
            </p>
          )}
          {reading && typed.trim() !== "" && (
            <p className={styles.note} role="status">
              {t("palette.reading")}
            </p>
          )}
          {typed.trim() === "" && groups.some((g) => !g.browsed) && entries.some((e) => e.group === "screens") && (
            <p className={styles.note}>{t("palette.typeToFind")}</p>
          )}
          <p className={styles.keys} aria-hidden="true">
            {t("palette.keys")}
          </p>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

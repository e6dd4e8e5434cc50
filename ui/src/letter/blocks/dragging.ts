import { useRef, useState, type PointerEvent as ReactPointerEvent } from "react";

/** How far the pointer goes before a press becomes a drag (a click stays a click). */
const DRAG_AFTER_PX = 5;

/**
 * Where a block dragged from `from` lands, among its siblings as they are
 * without it, when the pointer is at `y`: after every other block whose
 * middle (`middles`, from the top, the dragged one's included) is above it.
 */
export function dropIndex(middles: number[], from: number, y: number): number {
  return middles.filter((middle, i) => i !== from && middle < y).length;
}

/** Where the line that shows the drop goes: on one side of a sibling (by its index now), before it, or after the last. */
export function dropMark(count: number, from: number, to: number): { at: number; side: "before" | "after" } | null {
  if (to === from) return null;
  const before = to >= from ? to + 1 : to;
  return before < count ? { at: before, side: "before" } : { at: count - 1, side: "after" };
}

export interface Drag {
  from: number;
  to: number;
}

/**
 * Moving blocks with the pointer, among the slots of one list (the
 * children of `list` marked `data-slot`), with pointer events: HTML5 drag
 * and drop is not used (Tauri's file drop takes it on Windows, WebKitGTK
 * drops it). The press starts on a block; past a few pixels it is a drag,
 * and letting go moves the block with `onDrop(from, to)`. The click that
 * ends a drag is not a choice (`afterDrag`).
 */
export function usePointerReorder(onDrop: (from: number, to: number) => void) {
  const list = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragged = useRef(false);
  const start = (from: number) => (e: ReactPointerEvent) => {
    if (e.button !== 0 || !e.isPrimary || !list.current) return;
    // Blocks inside a row of columns move in their column's list, not the row in the letter's.
    e.stopPropagation();
    const slots = [...list.current.querySelectorAll<HTMLElement>(":scope > [data-slot]")];
    const middles = slots.map((slot) => {
      const box = slot.getBoundingClientRect();
      return box.top + box.height / 2;
    });
    const startY = e.clientY;
    let to: number | null = null;
    const follow = (move: PointerEvent) => {
      if (to === null && Math.abs(move.clientY - startY) < DRAG_AFTER_PX) return;
      to = dropIndex(middles, from, move.clientY);
      setDrag({ from, to });
    };
    const end = (done: boolean) => () => {
      window.removeEventListener("pointermove", follow, true);
      window.removeEventListener("pointerup", dropped, true);
      window.removeEventListener("pointercancel", cancelled, true);
      setDrag(null);
      if (to === null) return;
      dragged.current = true;
      setTimeout(() => (dragged.current = false));
      if (done && to !== from) onDrop(from, to);
    };
    const dropped = end(true);
    const cancelled = end(false);
    // Heard as they start (capture): a page's own handlers may keep a move from rising back to the window.
    window.addEventListener("pointermove", follow, true);
    window.addEventListener("pointerup", dropped, true);
    window.addEventListener("pointercancel", cancelled, true);
  };
  return { list, drag, start, afterDrag: () => dragged.current };
}

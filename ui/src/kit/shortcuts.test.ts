// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/preact";
import { describe, expect, it } from "vitest";
import { boundAction, shortcutNames, useKeys } from "./shortcuts";

const inbox = { j: "next", k: "previous", r: "reply", e: "close", u: "unread", U: "unsubscribe", "/": "search", "?": "help", Enter: "open" };

describe("shortcuts", () => {
  it("follow the physical key on the Russian layout", () => {
    expect(boundAction({ code: "KeyJ", key: "о", shiftKey: false }, inbox)).toBe("next");
    expect(boundAction({ code: "KeyK", key: "л", shiftKey: false }, inbox)).toBe("previous");
    expect(boundAction({ code: "KeyR", key: "к", shiftKey: false }, inbox)).toBe("reply");
    expect(boundAction({ code: "KeyE", key: "у", shiftKey: false }, inbox)).toBe("close");
    expect(boundAction({ code: "KeyU", key: "г", shiftKey: false }, inbox)).toBe("unread");
    expect(boundAction({ code: "KeyU", key: "Г", shiftKey: true }, inbox)).toBe("unsubscribe");
    // The key marked "/ ?" types "." there; "?" is Shift+7.
    expect(boundAction({ code: "Slash", key: ".", shiftKey: false }, inbox)).toBe("search");
    expect(boundAction({ code: "Digit7", key: "?", shiftKey: true }, inbox)).toBe("help");
  });

  it("keep the typed letter on Latin layouts", () => {
    expect(boundAction({ code: "KeyJ", key: "j", shiftKey: false }, inbox)).toBe("next");
    // Dvorak: the key in QWERTY's C place types j.
    expect(boundAction({ code: "KeyC", key: "j", shiftKey: false }, inbox)).toBe("next");
    expect(boundAction({ code: "Slash", key: "?", shiftKey: true }, inbox)).toBe("help");
    expect(boundAction({ code: "Enter", key: "Enter", shiftKey: false }, inbox)).toBe("open");
  });

  it("name nothing for keys no shortcut uses", () => {
    expect(boundAction({ code: "KeyQ", key: "й", shiftKey: false }, inbox)).toBeUndefined();
    expect(boundAction({ code: "ShiftLeft", key: "Shift", shiftKey: true }, inbox)).toBeUndefined();
    expect(shortcutNames({ code: "KeyJ", key: "о", shiftKey: false })).toEqual(["j"]);
    expect(shortcutNames({ code: "KeyJ", key: "j", shiftKey: false })).toEqual(["j"]);
    expect(boundAction({ code: "KeyT", key: "toString", shiftKey: false }, inbox)).toBeUndefined();
  });
});

describe("useKeys", () => {
  const press = (init: KeyboardEventInit, target: EventTarget = document.body) => {
    const event = new KeyboardEvent("keydown", { bubbles: true, cancelable: true, ...init });
    target.dispatchEvent(event);
    return event;
  };

  it("acts on the physical key, not while typing nor with a modifier, and reads the latest actions", () => {
    const done: string[] = [];
    const { rerender, unmount } = renderHook(({ label }) => useKeys({ j: () => void done.push(`j ${label}`), Escape: () => false }, { always: ["Escape"] }), {
      initialProps: { label: "first" },
    });
    expect(press({ key: "о", code: "KeyJ" }).defaultPrevented).toBe(true);
    rerender({ label: "second" });
    press({ key: "j", code: "KeyJ" });
    press({ key: "j", code: "KeyJ", ctrlKey: true });
    const field = document.createElement("textarea");
    document.body.append(field);
    press({ key: "j", code: "KeyJ" }, field);
    expect(done).toEqual(["j first", "j second"]);
    // Escape reaches its action in a field too, and is left to the page when the action answers false.
    expect(press({ key: "Escape", code: "Escape" }, field).defaultPrevented).toBe(false);
    field.remove();
    act(() => unmount());
    press({ key: "j", code: "KeyJ" });
    expect(done).toHaveLength(2);
  });

  it("leaves every key but the `always` ones while disabled", () => {
    const done: string[] = [];
    const { rerender } = renderHook(({ enabled }) => useKeys({ j: () => void done.push("j"), Escape: () => void done.push("Escape") }, { enabled, always: ["Escape"] }), {
      initialProps: { enabled: false },
    });
    press({ key: "j", code: "KeyJ" });
    press({ key: "Escape", code: "Escape" });
    rerender({ enabled: true });
    press({ key: "j", code: "KeyJ" });
    expect(done).toEqual(["Escape", "j"]);
  });
});

import { describe, expect, it } from "vitest";
import { boundAction, shortcutNames } from "./shortcuts";

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

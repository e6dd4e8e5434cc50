// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import en from "./words.en.json";
import ru from "./words.ru.json";
import type { ReplyKind } from "../../ipc/bindings/ReplyKind";
import type { Sign } from "../../ipc/bindings/Sign";
import { refileFor, refileKey, whyKey } from "./why";

/** Every kind and sign the triage sends together: strong signs, the model's, the marketer's mark, doubt. */
const SENT: [ReplyKind, Sign[]][] = [
  ["auto_reply", ["subject", "sender", "words", "likeness", "marked"]],
  ["failure", ["subject", "sender", "words", "likeness", "marked"]],
  ["unsubscribe", ["words", "likeness", "marked"]],
  ["complaint", ["words", "likeness", "marked"]],
  ["human", ["marked", "unsure"]],
];

describe("why a reply has its kind", () => {
  it("is said in both languages for every kind and sign the triage sends", () => {
    for (const [kind, signs] of SENT) {
      for (const sign of signs) {
        const key = whyKey(kind, sign);
        expect(key, `${kind} × ${sign}`).toBeDefined();
        const english = (en as Record<string, string>)[key!];
        const russian = (ru as Record<string, string>)[key!];
        expect(english, `${key} in English`).toBeTruthy();
        expect(russian, `${key} in Russian`).toMatch(/[а-яё]/i);
      }
    }
  });

  it("says nothing for a person's reply the triage had no doubt about", () => {
    expect(whyKey("human", "nothing")).toBeUndefined();
  });

  it("tells a mark from the model from a rule", () => {
    expect(en[whyKey("auto_reply", "subject")! as keyof typeof en]).toBe("out-of-office subject");
    expect(ru[whyKey("failure", "sender")! as keyof typeof ru]).toBe("письмо почтового сервера");
    expect(ru[whyKey("auto_reply", "likeness")! as keyof typeof ru]).toBe("похоже на автоответ");
    expect(en[whyKey("complaint", "marked")! as keyof typeof en]).toBe("you filed this sender");
  });
});

type Press = Parameters<typeof refileFor>[0];
const press = (key: string, code: string, more: Partial<Press> = {}): Press => ({
  key,
  code,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: document.body,
  ...more,
});

describe("the refiling keys", () => {
  it("file the sender as 1 a person … 5 a complaint, and 0 gives them back to the triage", () => {
    expect(refileFor(press("1", "Digit1"))).toBe("human");
    expect(refileFor(press("2", "Digit2"))).toBe("auto_reply");
    expect(refileFor(press("3", "Digit3"))).toBe("failure");
    expect(refileFor(press("4", "Digit4"))).toBe("unsubscribe");
    expect(refileFor(press("5", "Digit5"))).toBe("complaint");
    expect(refileFor(press("0", "Digit0"))).toBeNull();
    expect(["human", "auto_reply", "failure", "unsubscribe", "complaint", null].map((k) => refileKey(k as ReplyKind | null))).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
      "0",
    ]);
  });

  it("work on the number pad's digits too, and not for other keys", () => {
    expect(refileFor(press("2", "Numpad2"))).toBe("auto_reply");
    expect(refileFor(press("6", "Digit6"))).toBeUndefined();
    expect(refileFor(press("j", "KeyJ"))).toBeUndefined();
  });

  it("leave digits typed into a text field alone: the reply box, the search", () => {
    for (const tag of ["textarea", "input", "select"]) {
      expect(refileFor(press("2", "Digit2", { target: document.createElement(tag) })), tag).toBeUndefined();
    }
    const editable = document.createElement("div");
    editable.setAttribute("contenteditable", "true");
    document.body.append(editable);
    expect(refileFor(press("2", "Digit2", { target: editable }))).toBeUndefined();
    editable.remove();
  });

  it("leave a digit with a modifier to the app and the system", () => {
    expect(refileFor(press("2", "Digit2", { ctrlKey: true }))).toBeUndefined();
    expect(refileFor(press("2", "Digit2", { altKey: true }))).toBeUndefined();
    expect(refileFor(press("@", "Digit2", { shiftKey: true }))).toBeUndefined();
  });
});

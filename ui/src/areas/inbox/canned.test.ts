import { describe, expect, it } from "vitest";
import type { ReplierView } from "../../ipc/bindings/ReplierView";
import { fillVariables, replierValues, variablesLeft } from "./canned";

const replier: ReplierView = {
  email: "anna@example.ru",
  state: "active",
  subscribedAt: null,
  campaign: { id: 7, name: "Весенняя распродажа", subject: "Скидки", listIds: [1], sent: 100 },
  fields: [
    { title: "Имя", tag: "name", value: "Анна" },
    { title: "Город", tag: "CITY", value: "" },
  ],
};

describe("canned replies", () => {
  it("fill in the address, the campaign and the subscriber's fields", () => {
    const values = replierValues(replier.email, replier);
    const text = fillVariables("Здравствуйте, %NAME%! Про «%CAMPAIGN%» пишем на %email%.", values);
    expect(text).toBe("Здравствуйте, Анна! Про «Весенняя распродажа» пишем на anna@example.ru.");
  });

  it("leave what has no value as written, and say which are left", () => {
    const text = fillVariables("%CITY%, %ГОРОД%, 100% and 50%", replierValues(replier.email, replier));
    expect(text).toBe("%CITY%, %ГОРОД%, 100% and 50%");
    expect(variablesLeft(text)).toEqual(["%CITY%", "%ГОРОД%"]);
  });

  it("work before the subscriber's record has been read", () => {
    expect(fillVariables("Hi %EMAIL% %NAME%", replierValues("a@b.example", undefined))).toBe("Hi a@b.example %NAME%");
  });
});

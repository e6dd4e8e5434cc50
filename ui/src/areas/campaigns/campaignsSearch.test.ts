import { describe, expect, it } from "vitest";
import { campaignsSearch, shown } from "./campaignsSearch";

describe("the campaigns screen's URL", () => {
  it("keeps a known state, a folder (0 for none) and the search words", () => {
    expect(campaignsSearch({ state: "sent", folder: "0", q: "  весна " })).toEqual({ state: "sent", folder: 0, q: "весна" });
    expect(campaignsSearch({ state: "launched", folder: "-2", q: " " })).toEqual({});
  });

  it("shows a campaign when every word is in its name or subject, whatever the case", () => {
    const spring = { name: "Весенняя распродажа", subject: "Скидки до 50%", state: "draft" as const, folderId: 3 };
    expect(shown(spring, { q: "РАСПРОДАЖА скидки" })).toBe(true);
    expect(shown(spring, { q: "осень" })).toBe(false);
    expect(shown(spring, { state: "sent" })).toBe(false);
    expect(shown(spring, { folder: 3 })).toBe(true);
    expect(shown(spring, { folder: 0 })).toBe(false);
    expect(shown({ ...spring, folderId: null }, { folder: 0 })).toBe(true);
  });
});

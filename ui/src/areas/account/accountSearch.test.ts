import { describe, expect, it } from "vitest";
import { accountSearch } from "./accountSearch";

describe("accountSearch", () => {
  it("keeps what to fix and a way back into the app", () => {
    expect(accountSearch({ sender: " news@shop.ru ", back: "/w/campaigns/12" })).toEqual({ sender: "news@shop.ru", back: "/w/campaigns/12" });
    expect(accountSearch({ domain: "Shop.RU" })).toEqual({ domain: "shop.ru" });
  });

  it("drops a way back that leaves the app's own places", () => {
    for (const back of ["https://evil.example", "//evil.example", "/w//evil", "javascript:alert(1)", "/other", "/w/\\evil", 12]) {
      expect(accountSearch({ back })).toEqual({});
    }
  });
});

import { describe, expect, it } from "vitest";
import { listSearch } from "./listSearch";

describe("a list's URL search", () => {
  it("keeps what it knows", () => {
    expect(listSearch({ state: "bounced", email: " a@x.com ", sort: "subscribedAt", desc: true, row: 4200 })).toEqual({
      state: "bounced",
      email: "a@x.com",
      sort: "subscribedAt",
      desc: true,
      row: 4200,
    });
  });

  it("drops what it does not", () => {
    expect(listSearch({ state: "gone", email: "  ", sort: "merge_1", desc: "yes", row: -3 })).toEqual({});
    expect(listSearch({ row: 2.5 })).toEqual({});
  });
});

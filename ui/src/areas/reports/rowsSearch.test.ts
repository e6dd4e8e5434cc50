import { describe, expect, it } from "vitest";
import { rowsSearch } from "./rowsSearch";

describe("the row reports' URL", () => {
  it("keeps what the reports know and drops the rest", () => {
    expect(
      rowsSearch({
        tab: "opened",
        sort: "email",
        desc: true,
        kind: "clicked",
        from: "2026-03-02T09:00",
        to: "yesterday",
        email: "  ann@example.com ",
        fields: ["merge_1", "merge_1", "DROP TABLE", 5],
      }),
    ).toEqual({ tab: "opened", sort: "email", desc: true, kind: "clicked", from: "2026-03-02T09:00", email: "ann@example.com", fields: ["merge_1"] });
    expect(rowsSearch({ tab: "everything", sort: "rating", desc: "yes" })).toEqual({});
  });
});

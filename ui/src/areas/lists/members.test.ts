import { describe, expect, it } from "vitest";
import type { Field } from "../../ipc/bindings/Field";
import type { List } from "../../ipc/bindings/List";
import type { Member } from "../../ipc/bindings/Member";
import { countFor, fieldColumns, fieldValue } from "./members";

const list = {
  id: 1,
  name: "News",
  state: "active",
  count_active: 7,
  count_bounced: 1,
  count_inactive: 2,
  count_complained: 0,
  count_unconfirmed: 3,
  count_unsubscribed: 4,
  count_all: 17,
} as List;

const field = (merge_id: number, title: string): Field => ({
  merge_id,
  title,
  kind: "text",
  required: false,
  var: title.toLowerCase(),
  choices: [],
});

describe("members view logic", () => {
  it("takes each state's total from the list's counts", () => {
    expect(countFor(list, "all")).toBe(17);
    expect(countFor(list, "unsubscribed")).toBe(4);
    expect(countFor(list, "inactive")).toBe(2);
  });

  it("shows at most four field columns in field order", () => {
    const fields = [5, 1, 3, 2, 4].map((n) => field(n, `F${n}`));
    expect(fieldColumns(fields).map((f) => f.merge_id)).toEqual([1, 2, 3, 4]);
  });

  it("reads a member's field value by number, with a dash for nothing", () => {
    const member = { id: 1, list_id: 1, email: "a@x.com", state: "active", merge_2: "Lee", merge_3: "" } as Member;
    expect(fieldValue(member, 2)).toBe("Lee");
    expect(fieldValue(member, 3)).toBe("—");
    expect(fieldValue(member, 1)).toBe("—");
  });
});

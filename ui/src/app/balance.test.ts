import { describe, expect, it } from "vitest";
import { balanceLow } from "./balance";

const plan = { subscriberLimit: 1000, subscribers: 500, messagesLeft: 5000, money: null, currency: null };

describe("balanceLow", () => {
  it("says nothing while there is room", () => {
    expect(balanceLow(plan)).toEqual([]);
    expect(balanceLow({ ...plan, subscriberLimit: null, subscribers: 10_000_000, messagesLeft: 10_000_000 })).toEqual([]);
  });

  it("warns of messages fewer than subscribers, and of a cap nine tenths full", () => {
    expect(balanceLow({ ...plan, messagesLeft: 499 })).toEqual(["messages"]);
    expect(balanceLow({ ...plan, subscribers: 900 })).toEqual(["subscribers"]);
    expect(balanceLow({ ...plan, subscribers: 950, messagesLeft: 0 })).toEqual(["messages", "subscribers"]);
  });
});

import { describe, expect, it } from "vitest";
import { balanceLow, planRoom } from "./balance";

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

describe("planRoom", () => {
  it("sets the messages left and the room under the cap against what is needed", () => {
    expect(planRoom(plan, "messages", 5000)).toEqual({ room: 5000, short: false });
    expect(planRoom(plan, "messages", 5001)).toEqual({ room: 5000, short: true });
    expect(planRoom(plan, "subscribers", 500)).toEqual({ room: 500, short: false });
    expect(planRoom({ ...plan, subscribers: 1200 }, "subscribers", 1)).toEqual({ room: 0, short: true });
  });

  it("says nothing of subscribers on a plan without a cap", () => {
    expect(planRoom({ ...plan, subscriberLimit: null }, "subscribers", 10)).toBeNull();
  });
});

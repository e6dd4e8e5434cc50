import { describe, expect, it } from "vitest";
import { unreadInterval } from "./queries";

describe("unreadInterval", () => {
  it("asks every minute, backs off after failures up to a quarter of an hour, and waits while offline", () => {
    expect(unreadInterval(0, true)).toBe(60_000);
    expect(unreadInterval(1, true)).toBe(120_000);
    expect(unreadInterval(3, true)).toBe(480_000);
    expect(unreadInterval(10, true)).toBe(900_000);
    expect(unreadInterval(0, false)).toBe(false);
  });
});

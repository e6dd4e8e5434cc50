import { describe, expect, it } from "vitest";
import { toggleEvent } from "./TriggerFields";

describe("choosing what starts an automation", () => {
  it("combines joining events", () => {
    expect(toggleEvent(["form"], "add", true)).toEqual(["form", "add"]);
    expect(toggleEvent(["form", "add"], "form", false)).toEqual(["add"]);
  });

  it("keeps opening, clicking and changing a field alone, as the service requires", () => {
    expect(toggleEvent(["form", "add"], "open", true)).toEqual(["open"]);
    expect(toggleEvent(["open"], "edit", true)).toEqual(["edit"]);
    expect(toggleEvent(["click"], "upload", true), "a joining event replaces the lone one").toEqual(["upload"]);
    expect(toggleEvent(["href"], "rating", true), "a given link combines").toEqual(["href", "rating"]);
  });
});

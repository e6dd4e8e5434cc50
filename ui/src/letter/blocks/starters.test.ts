import { describe, expect, it } from "vitest";
import { STARTERS, starterLetter } from "./starters";

const say = (key: string) => `«${key}»`;
const sender = { company: "Northwind", address: "Moscow" };

describe("the starter letters", () => {
  it("are four different letters, each with the list's company in its footer and the subscriber's name where it greets", () => {
    const letters = STARTERS.map((starter) => starterLetter(starter, say, sender));
    expect(new Set(letters.map((l) => JSON.stringify(l.blocks))).size).toBe(4);
    for (const letter of letters) {
      expect(letter.footer).toMatchObject({ company: "Northwind", address: "Moscow", unsubscribe: "«blocks.starter.unsubscribe»" });
      expect(letter.blocks.length).toBeGreaterThan(0);
    }
    const greets = (starter: (typeof STARTERS)[number]) => JSON.stringify(starterLetter(starter, say, sender).blocks).includes('{"kind":"tag","name":"NAME"}');
    expect(STARTERS.filter(greets)).toEqual(["newsletter", "welcome", "plain"]);
  });

  it("lay the newsletter's two stories side by side, each with its own button", () => {
    const row = starterLetter("newsletter", say, sender).blocks.find((b) => b.kind === "columns");
    expect(row?.kind === "columns" && row.columns.map((column) => column.map((b) => b.kind))).toEqual([
      ["heading", "text", "button"],
      ["heading", "text", "button"],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { arrange, type PaletteEntry, type PaletteGroup } from "./arrange";
import { layoutVariants, matchScore, normalize, rank } from "./match";

describe("typing on the wrong layout", () => {
  it("reads Latin letters as the Russian keys they share, and Cyrillic as the Latin ones", () => {
    expect(layoutVariants("ызфь")).toEqual(["ызфь", "spam"]);
    expect(layoutVariants("hfccskrf")).toEqual(["hfccskrf", "рассылка"]);
    // The keys that are punctuation on QWERTY and letters on ЙЦУКЕН, Shift or not.
    expect(layoutVariants("k.,bvsq")).toContain("любимый");
    expect(layoutVariants("{jhjij")).toContain("хорошо");
    expect(layoutVariants("`krf")).toContain("елка");
  });

  it("finds an English label typed on the Russian layout, and a Russian one typed on the English", () => {
    expect(matchScore("ызфь", ["Spam complaints"])).toBeGreaterThan(0);
    expect(matchScore("ghjcvjnh", ["Просмотр"])).toBeGreaterThan(0);
    expect(matchScore("Ыуттв", ["Send a test"])).toBe(0);
    expect(matchScore("ыутв", ["Send a test"])).toBeGreaterThan(0);
  });

  it("ranks what was typed as it stands above the same keys read on the other layout", () => {
    expect(matchScore("spam", ["Spam"])).toBeGreaterThan(matchScore("ызфь", ["Spam"]));
  });
});

describe("matching in either language", () => {
  it("finds an entry by its words in the language not shown, a little below the one shown", () => {
    const newCampaign = ["Новая рассылка", "New campaign"];
    expect(matchScore("new camp", newCampaign)).toBeGreaterThan(0);
    expect(matchScore("рассыл", newCampaign)).toBeGreaterThan(matchScore("campaign", newCampaign));
  });

  it("ignores case, ё against е and accents", () => {
    expect(normalize("  Ёлка  В   ЛЕСУ ")).toBe("елка в лесу");
    expect(normalize("Мой")).toBe("мой");
    expect(matchScore("елка", ["Ёлка"])).toBe(100);
    expect(matchScore("ЁЛ", ["елка"])).toBe(90);
    expect(matchScore("cafe", ["Café au lait"])).toBe(90);
    expect(matchScore("NEWSLETTER", ["Newsletter"])).toBe(100);
  });

  it("finds nothing in what does not hold the words", () => {
    expect(matchScore("zzz", ["Newsletter", "Рассылка"])).toBe(0);
    expect(matchScore("", ["Newsletter"])).toBe(0);
  });
});

describe("ranking", () => {
  const names = ["Coffee club subscribers", "Newsletter", "Online store customers", "Latte art workshop — spring", "New subscribers"];
  const found = (typed: string) => rank(typed, names, (name) => [name]).map((f) => f.entry);

  it("puts the whole name first, then a start of the name, a start of a word, a part of a word, initials", () => {
    expect(found("newsletter")).toEqual(["Newsletter"]);
    expect(found("new")).toEqual(["Newsletter", "New subscribers"]);
    expect(found("sub")).toEqual(["Coffee club subscribers", "New subscribers"]);
    expect(found("stom")).toEqual(["Online store customers"]);
    expect(found("lawo")).toEqual(["Latte art workshop — spring"]);
    expect(found("store cust")[0]).toBe("Online store customers");
    // Words in another order still find it.
    expect(found("customers online")).toEqual(["Online store customers"]);
  });

  it("keeps the given order among equally good matches", () => {
    // Each of these has a word starting with s; «Newsletter» only holds one.
    expect(found("s")).toEqual(["Coffee club subscribers", "Online store customers", "Latte art workshop — spring", "New subscribers", "Newsletter"]);
    expect(rank("a", ["Ab", "Ac", "Ad"], (n) => [n]).map((f) => f.entry)).toEqual(["Ab", "Ac", "Ad"]);
  });
});

describe("arranging the palette", () => {
  const entry = (group: string, label: string, other?: string): PaletteEntry => ({
    key: `${group}:${label}`,
    group,
    label,
    texts: other ? [label, other] : [label],
    testId: "x",
    run: () => {},
  });
  const groups: PaletteGroup[] = [
    { id: "screens", heading: "Screens", browsed: true },
    { id: "actions", heading: "Actions", browsed: true },
    { id: "lists", heading: "Lists", browsed: false },
    { id: "accounts", heading: "Accounts", browsed: true },
  ];
  const entries = [
    entry("screens", "Списки", "Lists"),
    entry("screens", "Рассылки", "Campaigns"),
    entry("actions", "Новая рассылка", "New campaign"),
    entry("lists", "Newsletter"),
    entry("lists", "Новости кофейни"),
    entry("accounts", "Демо-аккаунт", "Demo workspace"),
  ];
  const shown = (typed: string) => arrange(typed, entries, groups).map((s) => [s.group.id, s.entries.map((e) => e.label)]);

  it("shows the screens, the actions and the accounts before anything is typed, and waits for a name for the rest", () => {
    expect(shown("")).toEqual([
      ["screens", ["Списки", "Рассылки"]],
      ["actions", ["Новая рассылка"]],
      ["accounts", ["Демо-аккаунт"]],
    ]);
  });

  it("puts the group with the best match first, so Enter opens it", () => {
    expect(shown("newsl")).toEqual([["lists", ["Newsletter"]]]);
    expect(shown("рассылк")[0]).toEqual(["screens", ["Рассылки"]]);
    expect(shown("new camp")).toEqual([["actions", ["Новая рассылка"]]]);
    // «Новости» typed on the English layout.
    expect(shown("yjdjcnb")).toEqual([["lists", ["Новости кофейни"]]]);
  });

  it("shows a group's best few, not all of them", () => {
    const many = Array.from({ length: 30 }, (_, i) => entry("lists", `Campaign list ${i}`));
    expect(arrange("campaign", many, groups)[0].entries).toHaveLength(8);
  });
});

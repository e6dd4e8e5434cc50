import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { IntlMessageFormat } from "intl-messageformat";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import en from "./en.json";
import ru from "./ru.json";

/** Every argument a message reads, its plural and select branches included. */
function argumentNames(elements: MessageFormatElement[]): string[] {
  return elements.flatMap((element) => {
    switch (element.type) {
      case TYPE.argument:
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        return [element.value];
      case TYPE.plural:
      case TYPE.select:
        return [element.value, ...Object.values(element.options).flatMap((option) => argumentNames(option.value))];
      case TYPE.tag:
        return argumentNames(element.children);
      default:
        return [];
    }
  });
}

// Vitest runs in ui/.
const SRC = join(process.cwd(), "src");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "ipc" ? [] : sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

// The command line's check speaks from the same catalogues.
const CLI = join(process.cwd(), "..", "src-tauri", "src", "cli.rs");

const code = [...sources(SRC), CLI]
  .map((p) => readFileSync(p, "utf8"))
  .join("\n");

describe("the catalogues", () => {
  it("have the same keys in Russian and English", () => {
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
  });

  it("hold no key the code never uses", () => {
    const unused = Object.keys(en).filter((key) => !code.includes(`"${key}"`));
    expect(unused).toEqual([]);
  });

  it("hold every key the code names", () => {
    const named = new Set(
      [...code.matchAll(/"((?:app|nav|check|common|accounts|balance|lists|listStatus|state|subscribers|table|upcoming|action|field|error|service)\.[A-Za-z0-9_.]+)"/g)].map(
        (m) => m[1],
      ),
    );
    const missing = [...named].filter((key) => !(key in en));
    expect(missing).toEqual([]);
  });

  it("are valid ICU messages with the same placeholders in both languages", () => {
    const args = (text: string) => [...new Set(argumentNames(parse(text)))].sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(() => new IntlMessageFormat(en[key], "en"), key).not.toThrow();
      expect(() => new IntlMessageFormat(ru[key], "ru"), key).not.toThrow();
      expect(args(ru[key]), key).toEqual(args(en[key]));
    }
  });

  it("speak Russian plurals in all their forms", () => {
    const subscribers = (count: number) => new IntlMessageFormat(ru["balance.subscribers"], "ru").format({ count });
    expect(subscribers(1)).toBe("1 подписчик");
    expect(subscribers(3)).toBe("3 подписчика");
    expect(subscribers(5)).toBe("5 подписчиков");
    expect(subscribers(21)).toBe("21 подписчик");
    expect(subscribers(1.5)).toBe("1,5 подписчика");
  });

  it("write a count of records read as each language writes numbers", () => {
    const read = (catalogue: typeof en, locale: string) =>
      new IntlMessageFormat(catalogue["error.endlessPaging.reason"], locale).format({ read: 10000000 });
    expect(read(en, "en")).toContain("10,000,000 records");
    expect(read(ru, "ru")).toContain("10\u00a0000\u00a0000 записей");
  });
});

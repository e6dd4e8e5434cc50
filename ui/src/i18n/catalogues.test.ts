import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { IntlMessageFormat } from "intl-messageformat";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { mergeWords, wordsFiles } from "../../build/catalogues";

// The shared catalogue and every folder's words, merged as the build merges them.
const enFiles = wordsFiles("en");
const ruFiles = wordsFiles("ru");
const en = mergeWords(enFiles);
const ru = mergeWords(ruFiles);

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

// The command line's commands speak from the same catalogues.
const CLI = join(process.cwd(), "..", "src-tauri", "src", "cli");
const cli = readdirSync(CLI)
  .filter((name) => name.endsWith(".rs"))
  .map((name) => join(CLI, name));

const code = [...sources(SRC), ...cli]
  .map((p) => readFileSync(p, "utf8"))
  .join("\n");


/** The codes of a generated union type (`export type Action = "a" | "b"`). */
function codesOf(binding: string): string[] {
  const text = readFileSync(join(SRC, "ipc", "bindings", `${binding}.ts`), "utf8");
  return [...text.matchAll(/"([A-Za-z0-9_]+)"/g)].map((m) => m[1]);
}

// Words found by their code in explain.ts (`action.${code}`) and in an area's
// failures.ts: every code of the Rust enum uses its key, and the type check
// refuses a code without one.
const derivedKeys = new Set([
  ...codesOf("Action").map((code) => `action.${code}`),
  ...codesOf("FormField").map((code) => `field.${code}`),
  ...codesOf("AddressProblem").map((code) => `error.address.${code}`),
  ...codesOf("VariableProblem").map((code) => `lists.failure.variableRefused.${code}`),
  ...codesOf("FileProblem").map((code) => `import.failure.fileRefused.${code}`),
  ...codesOf("BlockProblem").map((code) => `blocks.problem.${code}`),
  ...codesOf("FileLimit").map((code) => `import.failure.fileLimit.${code}`),
  ...codesOf("Reason").map((code) => `import.reason.${code}`),
  ...codesOf("ImportStatus").map((code) => `import.status.${code}`),
  ...codesOf("ServiceImportStatus").map((code) => `import.service.${code}`),
  ...codesOf("ValueProblem").flatMap((code) => [`lists.failure.valueRefused.${code}.title`, `lists.failure.valueRefused.${code}.reason`]),
]);

describe("the catalogues", () => {
  it("are the shared one and the words of every area, found by their files", () => {
    const paths = enFiles.map((file) => file.path);
    expect(paths[0]).toBe("i18n/en.json");
    expect(paths).toContain("areas/inbox/words.en.json");
    expect(paths).toContain("areas/inbound/words.en.json");
    expect(en["inbox.title"]).toBe(enFiles.find((file) => file.path === "areas/inbox/words.en.json")!.messages["inbox.title"]);
  });

  it("know every folder's keys as message keys (its words.ts adds them to `Words`)", () => {
    const folders = enFiles.slice(1).map((file) => file.path.replace(/\/words\.en\.json$/, ""));
    const undeclared = folders.filter((folder) => {
      const declaration = join(SRC, folder, "words.ts");
      return !existsSync(declaration) || !readFileSync(declaration, "utf8").includes("interface Words extends WordsOf<typeof words>");
    });
    expect(undeclared).toEqual([]);
  });

  it("have the same keys in Russian and English, file by file", () => {
    expect(ruFiles.map((file) => file.path)).toEqual(enFiles.map((file) => file.path.replace(/en\.json$/, "ru.json")));
    enFiles.forEach((english, i) => {
      expect(Object.keys(ruFiles[i].messages).sort(), ruFiles[i].path).toEqual(Object.keys(english.messages).sort());
    });
  });

  it("define no key twice", () => {
    // Merging throws on a second definition (and so does the build): the catalogues above merged.
    expect(Object.keys(en).length).toBe(enFiles.reduce((n, file) => n + Object.keys(file.messages).length, 0));
    expect(() =>
      mergeWords([
        { path: "i18n/en.json", messages: { "inbox.title": "Inbox" } },
        { path: "areas/inbox/words.en.json", messages: { "inbox.title": "Replies" } },
      ]),
    ).toThrow('message "inbox.title" is defined twice: in i18n/en.json and areas/inbox/words.en.json');
  });

  it("hold no key the code never uses", () => {
    const unused = Object.keys(en).filter((key) => !code.includes(`"${key}"`) && !derivedKeys.has(key));
    expect(unused).toEqual([]);
  });

  it("hold every key the code names", () => {
    const named = new Set(
      [...code.matchAll(/"((?:app|nav|check|common|accounts|balance|lists|listStatus|state|subscribers|table|action|field|error|service)\.[A-Za-z0-9_.]+)"/g)].map(
        (m) => m[1],
      ),
    );
    const missing = [...named].filter((key) => !(key in en));
    expect(missing).toEqual([]);
  });

  it("are valid ICU messages with the same placeholders in both languages", () => {
    const args = (text: string) => [...new Set(argumentNames(parse(text)))].sort();
    for (const key of Object.keys(en)) {
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
    const read = (catalogue: Record<string, string>, locale: string) =>
      new IntlMessageFormat(catalogue["error.endlessPaging.reason"], locale).format({ read: 10000000 });
    expect(read(en, "en")).toContain("10,000,000 records");
    expect(read(ru, "ru")).toContain("10\u00a0000\u00a0000 записей");
  });
});

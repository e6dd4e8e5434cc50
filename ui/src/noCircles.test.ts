import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * No two files of the page import each other, through any number of others
 * and type imports included: each file stands on files below it. Tests stand
 * above the house and are not read; generated bindings are.
 */

const SRC = resolve(__dirname);
const EXTENSIONS = [".ts", ".tsx"];

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sources(path);
    const isCode = EXTENSIONS.some((e) => name.endsWith(e)) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts");
    return isCode ? [path] : [];
  });
}

/** Every module a file names: static and type imports, re-exports, and `import()`. */
export function importedBy(code: string): string[] {
  const named = [
    ...code.matchAll(/(?:^|[\s;])(?:import|export)\s[^"';]*?\sfrom\s*["']([^"']+)["']/g),
    ...code.matchAll(/(?:^|[\s;])import\s*["']([^"']+)["']/g),
    ...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ];
  return named.map((m) => m[1]);
}

/** The file a relative import names, if it is code of this tree. */
function resolved(from: string, spec: string, files: Set<string>): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const base = resolve(dirname(from), spec);
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => join(base, "index" + e))];
  return candidates.find((c) => files.has(c));
}

/** Groups of files that reach each other (Tarjan's strongly connected components), of more than one file. */
export function circles(arrows: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of arrows.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      for (;;) {
        const top = stack.pop()!;
        onStack.delete(top);
        group.push(top);
        if (top === file) break;
      }
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const file of arrows.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe("the page's imports", () => {
  it("make no circle: no file imports a file that imports it back", () => {
    const files = sources(SRC);
    const known = new Set(files);
    const arrows = new Map(
      files.map((file) => [
        file,
        importedBy(readFileSync(file, "utf8"))
          .map((spec) => resolved(file, spec, known))
          .filter((to): to is string => to !== undefined && to !== file),
      ]),
    );
    const found = circles(arrows).map((group) => group.map((f) => relative(SRC, f)));
    expect(found).toEqual([]);
    expect(files.length).toBeGreaterThan(300);
  });

  it("are read in every form, types and lazy parts included", () => {
    const code = [
      'import { a } from "./a";',
      'import type { B } from "../b";',
      'export { c } from "./c";',
      'import "./d.css";',
      'const E = lazy(() => import("./e"));',
      'const s = "not from here";',
    ].join("\n");
    expect(importedBy(code)).toEqual(["./a", "../b", "./c", "./d.css", "./e"]);
    const ring = new Map([
      ["x", ["y"]],
      ["y", ["z"]],
      ["z", ["x"]],
      ["w", ["x"]],
    ]);
    expect(circles(ring)).toEqual([["x", "y", "z"]]);
    expect(circles(new Map([["x", ["y"]], ["y", []]]))).toEqual([]);
  });
});

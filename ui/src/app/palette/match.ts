/**
 * How the command palette matches what was typed against what it offers:
 * without regard to case, ё or accents, in either language, and on either
 * keyboard layout (someone who meant «рассылка» and typed it on the English
 * layout gets "hfccskrf", and the other way round; both are tried).
 */

/** The keys of the Russian ЙЦУКЕН layout, in the order of the same keys' characters on QWERTY. */
const QWERTY = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const RUSSIAN = "йцукенгшщзхъфывапролджэячсмитьбюё";
/** The same keys with Shift, where QWERTY has punctuation and the Russian layout a letter. */
const QWERTY_SHIFTED = '{}:"<>~';
const RUSSIAN_SHIFTED = "хъжэбюё";

const toCyrillic = new Map<string, string>([
  ...[...QWERTY].map((c, i) => [c, RUSSIAN[i]] as [string, string]),
  ...[...QWERTY_SHIFTED].map((c, i) => [c, RUSSIAN_SHIFTED[i]] as [string, string]),
]);
const toLatin = new Map<string, string>([...RUSSIAN].map((c, i) => [c, QWERTY[i]] as [string, string]));

const swap = (text: string, keys: Map<string, string>) => [...text].map((c) => keys.get(c) ?? c).join("");

/** Lower case, ё as е, no accents, single spaces: the form both sides are compared in. */
export function normalize(text: string): string {
  return text
    .toLowerCase()
    // Accents on Latin letters go (café is cafe); й stays й, and ё is е, as most Russians type it.
    .normalize("NFD")
    .replace(/([a-z])\p{M}+/gu, "$1")
    .normalize("NFC")
    .replace(/ё/g, "е")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * What was typed, then the same keys read on the other layout: first as
 * if meant on the Russian one, then on QWERTY. Normalized; no repeats.
 */
export function layoutVariants(typed: string): string[] {
  const lower = typed.toLowerCase();
  const variants = [lower, swap(lower, toCyrillic), swap(lower, toLatin)].map(normalize).filter(Boolean);
  return [...new Set(variants)];
}

const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Whether `query`'s characters come in `text` in order, the first at the start of a word ("nc" in "new campaign"). */
function initialsIn(query: string, text: string): boolean {
  const wanted = query.replace(/ /g, "");
  if (wanted.length < 2) return false;
  for (let start = 0; start < text.length; start++) {
    const atWordStart = start === 0 || !/[\p{L}\p{N}]/u.test(text[start - 1]);
    if (text[start] !== wanted[0] || !atWordStart) continue;
    let at = start + 1;
    let found = 1;
    while (found < wanted.length && at < text.length) {
      if (text[at] === wanted[found]) found++;
      at++;
    }
    if (found === wanted.length) return true;
  }
  return false;
}

/** How well one normalized query fits one normalized text: 0 not at all, 100 exactly. */
function fit(query: string, text: string): number {
  if (text === query) return 100;
  if (text.startsWith(query)) return 90;
  const textWords = words(text);
  const queryWords = words(query);
  if (queryWords.length === 0) return 0;
  if (queryWords.length === 1 && textWords.some((w) => w.startsWith(queryWords[0]))) return 80;
  if (queryWords.every((q) => textWords.some((w) => w.startsWith(q)))) return 70;
  if (text.includes(query)) return 60;
  if (queryWords.every((q) => text.includes(q))) return 50;
  if (initialsIn(query, text)) return 30;
  return 0;
}

/** Less for a match through the other keyboard layout than for what was typed as it stands. */
const OTHER_LAYOUT = 5;
/** Less for a match in the language not shown than in the one shown. */
const OTHER_LANGUAGE = 2;

/**
 * How well `typed` finds an entry known by `texts`: its words in the
 * language shown first, then in the other (a list's name has only one).
 * 0 when it does not; higher is better.
 */
export function matchScore(typed: string, texts: readonly string[]): number {
  const variants = layoutVariants(typed);
  let best = 0;
  texts.forEach((raw, t) => {
    const text = normalize(raw);
    variants.forEach((query, v) => {
      const found = fit(query, text);
      if (found > 0) best = Math.max(best, found - (v > 0 ? OTHER_LAYOUT : 0) - (t > 0 ? OTHER_LANGUAGE : 0));
    });
  });
  return best;
}

/**
 * The entries `typed` finds, best first; equally good ones keep their
 * order (a screen before a list, the sidebar's order among screens).
 */
export function rank<T>(typed: string, entries: readonly T[], textsOf: (entry: T) => readonly string[]): { entry: T; score: number }[] {
  return entries
    .map((entry, index) => ({ entry, index, score: matchScore(typed, textsOf(entry)) }))
    .filter((found) => found.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ entry, score }) => ({ entry, score }));
}

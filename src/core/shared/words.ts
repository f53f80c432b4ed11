/**
 * Words for ranking (CONTEXT §1, §4): the terms of a text, in any script. A run of letters and
 * digits is a term, lowercased; a run that changes case inside (`SessionStore`, `parseHTTPDate`)
 * gives its parts too; an English plural ending is folded (`sessions` → `session`, `policies` →
 * `policy`). Han, kana and Hangul, written without spaces, give each pair of neighbouring
 * characters (a lone one gives itself), which is how search engines read them without a
 * dictionary. Pure and deterministic: no locale, no dictionary data that a Node build may lack.
 */

/** The scripts written without spaces. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
/** Where a run's case changes: `sessionStore` → `session`, `store`; `HTTPDate` → `http`, `date`. */
const PARTS = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+/gu;

/** A run of letters, digits and joining marks, where it starts (sticky); the CJK scripts are cut apart below. */
const RUN_AT = /[\p{L}\p{N}\p{M}]+/uy;
/** `PARTS` for a run of ASCII letters and digits (the same parts: ASCII has no other letters). */
const ASCII_PARTS = /[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+/g;

/** Each term of `text`, in order, repeated as often as it occurs. */
export function termsOf(text: string): string[] {
  const out: string[] = [];
  forEachTerm(text, (term) => out.push(term));
  return out;
}

/**
 * `visit` on each term of `text`, in order (what `termsOf` lists, without the list). Runs of
 * ASCII letters and digits — most of most texts — are cut by a scan of character codes; a run
 * that holds any other character is matched by `RUN` as before.
 */
export function forEachTerm(text: string, visit: (term: string) => void): void {
  scanTerms(text, (start, end, upper, lower) => asciiRun(text.slice(start, end), upper, lower, visit), visit);
}

/**
 * A run of ASCII letters and digits, `text.slice(start, end)`: whether it holds upper- and lower-case letters, and the hash
 * (`hashStep` from `HASH_START`, each character made small) of the whole run, of all but its last character, and of all but its
 * last three (before `end - 1` and `end - 3`: where `fold` may cut it), each as `hashStep` leaves it (a signed 32-bit integer).
 */
export type AsciiRun = (start: number, end: number, upper: boolean, lower: boolean, whole: number, less1: number, less3: number) => void;

/** FNV-1a's offset basis: the hash of no character (answer/term-dictionary.ts hashes its terms so). */
export const HASH_START = 0x811c9dc5 | 0;

/** FNV-1a's step: `hash` with character code `c` after it. */
export function hashStep(hash: number, c: number): number {
  return Math.imul(hash ^ c, 0x01000193);
}

/**
 * The scan of `forEachTerm`, for a caller that takes a run of ASCII letters and digits as its
 * span (`ascii`: `text.slice(start, end)`, and whether it holds upper- and lower-case letters),
 * without a string made for it; every other term goes to `visit` (answer/bm25.ts).
 */
export function scanTerms(text: string, ascii: AsciiRun, visit: (term: string) => void): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      if (!asciiAlnum(c)) {
        i += 1;
        continue;
      }
      let j = i + 1;
      let upper = c >= 65 && c <= 90;
      let lower = c >= 97 && c <= 122;
      // The run's hash as it is read (`hashStep` of each character made small), and before its last one and its last three (an
      // English plural folded: `fold`), so that the index finds the term without reading the run again.
      let whole = hashStep(HASH_START, upper ? c + 32 : c);
      let less1 = HASH_START;
      let less2 = HASH_START;
      let less3 = HASH_START;
      for (; j < n; j += 1) {
        let d = text.charCodeAt(j);
        if (d >= 128 || !asciiAlnum(d)) break;
        if (d >= 65 && d <= 90) {
          upper = true;
          d += 32;
        } else if (d >= 97 && d <= 122) lower = true;
        less3 = less2;
        less2 = less1;
        less1 = whole;
        whole = hashStep(whole, d);
      }
      if (j < n && text.charCodeAt(j) >= 128 && continuesRun(text, j)) {
        i = slowRun(text, i, visit);
        continue;
      }
      ascii(i, j, upper, lower, whole, less1, less3);
      i = j;
      continue;
    }
    if (continuesRun(text, i)) i = slowRun(text, i, visit);
    else i += 1;
  }
}

/** The parts a run of ASCII letters and digits `run` gives beyond itself (`ASCII_PARTS`, when it holds both cases and more than one part), folded. */
export function asciiParts(run: string, visit: (term: string) => void): void {
  const parts = run.match(ASCII_PARTS);
  if (parts !== null && parts.length > 1) for (const part of parts) visit(fold(part.toLowerCase()));
}

function asciiAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Whether a run's character (a letter, digit or mark) starts at `at`. */
function continuesRun(text: string, at: number): boolean {
  RUN_AT.lastIndex = at;
  return RUN_AT.test(text);
}

/** The terms of the run that starts at `at` (one with a character beyond ASCII); where it ends. */
function slowRun(text: string, at: number, visit: (term: string) => void): number {
  RUN_AT.lastIndex = at;
  const run = RUN_AT.exec(text)![0];
  if (CJK.test(run)) {
    CJK.lastIndex = 0;
    cjkTerms(run, visit);
  } else {
    const lower = run.toLowerCase();
    visit(fold(lower));
    if (lower !== run && run !== run.toUpperCase()) {
      const parts = run.match(PARTS);
      if (parts !== null && parts.length > 1) for (const part of parts) visit(fold(part.toLowerCase()));
    }
  }
  return at + run.length;
}

/** The terms of a run of ASCII letters and digits (`upper`, `lower`: whether it holds such letters). */
function asciiRun(run: string, upper: boolean, lower: boolean, visit: (term: string) => void): void {
  visit(fold(upper ? run.toLowerCase() : run));
  if (upper && lower) asciiParts(run, visit);
}

/** The CJK stretches of `run` as character pairs, the rest as words. */
function cjkTerms(run: string, visit: (term: string) => void): void {
  let at = 0;
  for (const match of run.matchAll(CJK)) {
    if (match.index > at) visit(fold(run.slice(at, match.index).toLowerCase()));
    const chars = [...match[0]];
    if (chars.length === 1) visit(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i += 1) visit(chars[i]! + chars[i + 1]!);
    at = match.index + match[0].length;
  }
  if (at < run.length) visit(fold(run.slice(at).toLowerCase()));
}

/** An English plural folded: `-ies` → `-y`, a final `s` dropped (not `-ss`, `-us`, `-is`), on words of four letters or more. */
function fold(word: string): string {
  const kept = foldedLength(word, 0, word.length);
  return kept < 0 ? `${word.slice(0, -kept)}y` : kept === word.length ? word : word.slice(0, kept);
}

/**
 * `fold` of `text[start, end)` (ASCII capitals taken as small), as how many of its characters
 * the term keeps; negative (`-k`) when it keeps `k` and ends with a `y` (`-ies` → `-y`). For a
 * caller that takes a term without making its string (answer/bm25.ts).
 */
export function foldedLength(text: string, start: number, end: number): number {
  const n = end - start;
  if (n < 4 || lowerAt(text, end - 1) !== 115) return n;
  const before = lowerAt(text, end - 2);
  if (n > 4 && before === 101 && lowerAt(text, end - 3) === 105) return -(n - 3);
  return before === 115 || before === 117 || before === 105 ? n : n - 1;
}

/** The character code at `i`, an ASCII capital made small. */
export function lowerAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/** Whether the run `text[start, end)` gives parts beyond itself (`asciiParts`) — that is, whether it is anything but one capital and small letters (`Paragraph`). */
export function mayHaveParts(text: string, start: number, end: number): boolean {
  const first = text.charCodeAt(start);
  if (first < 65 || first > 90) return true;
  for (let i = start + 1; i < end; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 97 || c > 122) return true;
  }
  return false;
}

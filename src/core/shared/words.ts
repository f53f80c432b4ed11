/**
 * Words for ranking (CONTEXT §1, §4): the terms of a text, in any script. A run of letters and
 * digits is a term, lowercased; a run that changes case inside (`SessionStore`, `parseHTTPDate`)
 * gives its parts too; an English plural ending is folded (`sessions` → `session`, `policies` →
 * `policy`). Han, kana and Hangul, written without spaces, give each pair of neighbouring
 * characters (a lone one gives itself), which is how search engines read them without a
 * dictionary. Pure and deterministic: no locale, no dictionary data that a Node build may lack.
 */

/** A run of letters, digits and joining marks; the CJK scripts are cut apart below. */
const RUN = /[\p{L}\p{N}\p{M}]+/gu;
/** The scripts written without spaces. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
/** Where a run's case changes: `sessionStore` → `session`, `store`; `HTTPDate` → `http`, `date`. */
const PARTS = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+/gu;

/** Each term of `text`, in order, repeated as often as it occurs. */
export function termsOf(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(RUN)) {
    const run = match[0];
    if (CJK.test(run)) {
      CJK.lastIndex = 0;
      cjkTerms(run, out);
      continue;
    }
    const lower = run.toLowerCase();
    out.push(fold(lower));
    if (lower !== run && run !== run.toUpperCase()) {
      const parts = run.match(PARTS);
      if (parts !== null && parts.length > 1) for (const part of parts) out.push(fold(part.toLowerCase()));
    }
  }
  return out;
}

/** The CJK stretches of `run` as character pairs, the rest as words. */
function cjkTerms(run: string, out: string[]): void {
  let at = 0;
  for (const match of run.matchAll(CJK)) {
    if (match.index > at) out.push(fold(run.slice(at, match.index).toLowerCase()));
    const chars = [...match[0]];
    if (chars.length === 1) out.push(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i += 1) out.push(chars[i]! + chars[i + 1]!);
    at = match.index + match[0].length;
  }
  if (at < run.length) out.push(fold(run.slice(at).toLowerCase()));
}

/** An English plural folded: `-ies` → `-y`, a final `s` dropped (not `-ss`, `-us`, `-is`), on words of four letters or more. */
function fold(word: string): string {
  if (word.length < 4 || !word.endsWith('s')) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  return word.slice(0, -1);
}

/**
 * Characters a reader cannot see — zero-width and format characters (U+200B, U+200D, U+FEFF,
 * the soft hyphen U+00AD, direction marks …), controls, spaces other than U+0020 (U+00A0 …),
 * variation selectors and blank fillers — so that a "did you mean" never offers, without
 * saying so, a target that looks exactly like what was written.
 */

/** Invisible, or a space that looks like U+0020. */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Zs}\p{Zl}\p{Zp}\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u2800\u3164\uFE00-\uFE0F\uFFA0\u{E0100}-\u{E01EF}]/gu;
const SPACES = /[\p{Zs}]/gu;

/** The invisible characters of `text` (U+0020 excepted), each once, as `U+XXXX`, in order of appearance. */
export function invisibleCharacters(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(INVISIBLE)) {
    if (match[0] !== ' ') found.add(`U+${match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
  }
  return [...found];
}

/** What a reader sees of `text`, ignoring case: every space as U+0020, every other invisible character removed. */
export function visibleSkeleton(text: string): string {
  return text.replace(SPACES, ' ').replace(INVISIBLE, (c) => (c === ' ' ? ' ' : '')).toLowerCase();
}

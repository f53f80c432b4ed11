/**
 * One path segment (a file or directory name) against one segment of a gitignore pattern:
 * `*` (any run of characters), `?` (one character), bracket classes and literal characters.
 * Greedy, with one backtracking point (the last `*`): O(name × pattern) at worst, never
 * exponential, whatever the pattern (a regular expression of `*a*a*a…` backtracks).
 * Characters are UTF-16 code units, as in the `ignore` package; git compares bytes.
 */

/** `?`: any one character. */
export const ANY_CHAR = -1;
/** `*`: any run of characters, empty included (a run of stars is one star). */
export const STAR = -2;
/** Tokens below this one name a class: `CLASS_BASE - token` is its index in `classes`. */
export const CLASS_BASE = -3;

/** A bracket expression: the code-unit ranges it lists (pairs, both ends included), maybe negated. */
export interface CharClass {
  /** `[!…]` or `[^…]`: matches a character outside the ranges. */
  readonly negated: boolean;
  /** Flat pairs `lo, hi`; a single member is `c, c`. */
  readonly ranges: readonly number[];
}

/** A segment with at least one wildcard: tokens ≥ 0 are code units, else `ANY_CHAR`, `STAR` or a class. */
export interface WildSegment {
  readonly tokens: readonly number[];
  readonly classes: readonly CharClass[];
  /** Tokens other than `STAR`: a shorter name cannot match. */
  readonly minLength: number;
  /** The literal characters before the first wildcard: a name must start with them. */
  readonly head: string;
  /** The literal characters after the last wildcard: a name must end with them. */
  readonly tail: string;
}

/** `true` when `name` matches `segment` as a whole. */
export function matchSegment(segment: WildSegment, name: string): boolean {
  const { tokens, classes } = segment;
  const m = tokens.length;
  const n = name.length;
  if (n < segment.minLength || !name.startsWith(segment.head) || !name.endsWith(segment.tail)) return false;
  let p = 0;
  let s = 0;
  // Where to resume after the last star seen: its next token, and the name position it took up to.
  let resumeP = -1;
  let resumeS = 0;
  while (s < n) {
    const token = p < m ? tokens[p]! : null;
    if (token === STAR) {
      p += 1;
      resumeP = p;
      resumeS = s;
    } else if (token !== null && matchChar(token, classes, name.charCodeAt(s))) {
      p += 1;
      s += 1;
    } else if (resumeP >= 0) {
      // Let the last star take one more character; earlier stars never need to (the classic
      // argument: whatever the later tokens matched can be matched from further on as well).
      resumeS += 1;
      p = resumeP;
      s = resumeS;
    } else {
      return false;
    }
  }
  while (p < m && tokens[p] === STAR) p += 1;
  return p === m;
}

function matchChar(token: number, classes: readonly CharClass[], code: number): boolean {
  if (token >= 0) return token === code;
  if (token === ANY_CHAR) return true;
  const cls = classes[CLASS_BASE - token]!;
  const ranges = cls.ranges;
  for (let k = 0; k < ranges.length; k += 2) if (code >= ranges[k]! && code <= ranges[k + 1]!) return !cls.negated;
  return cls.negated;
}

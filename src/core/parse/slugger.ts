/**
 * GitHub heading anchors: github-slugger's slugs, with its numbering of repeats (`a`, `a-1`,
 * `a-2`, …), answer for answer. The repeats are tracked in a list (a map past a few dozen
 * headings), not in an object keyed by slug as github-slugger does: V8 interns every property
 * key in one string table for the whole process, so with hundreds of thousands of documents
 * each heading paid for a lookup (and an entry) in a table of hundreds of thousands.
 */
import { regex } from 'github-slugger/regex.js';

/**
 * github-slugger's `slug` — lower case, its punctuation class removed, each space made `-` —
 * built as one flat string: its two `replace` calls give V8 a tree of pieces (a cons string)
 * that every kept anchor would carry. `replaceAll` with a plain string builds the result at
 * once (about twice as fast as `split(' ').join('-')`).
 */
export function slug(heading: string): string {
  // Letters, digits, `_`, `-` and spaces only (most headings): the expression removes nothing.
  if (PLAIN.test(heading)) return heading.toLowerCase().replaceAll(' ', '-');
  return heading.toLowerCase().replace(regex, '').replaceAll(' ', '-');
}

/** ASCII that github-slugger's expression keeps (every other ASCII character it removes). */
const PLAIN = /^[ \-0-9A-Za-z_]*$/;

/** Above this many slugs in one document, repeats are found through a map instead of a scan. */
const SCAN_LIMIT = 32;

/** A slugger for one document: each call gives the next heading's unique anchor. */
export function createSlugger(): (heading: string) => string {
  const seen: string[] = [];
  /** For each slug in `seen`, how many repeats of it were numbered so far. */
  const repeats: number[] = [];
  let index: Map<string, number> | null = null;
  const find = (key: string): number => (index === null ? seen.indexOf(key) : (index.get(key) ?? -1));
  return (heading) => {
    const original = slug(heading);
    let result = original;
    const at = find(original);
    if (at !== -1) {
      do {
        repeats[at] = repeats[at]! + 1;
        result = `${original}-${repeats[at]!}`;
      } while (find(result) !== -1);
    }
    seen.push(result);
    repeats.push(0);
    if (index !== null) index.set(result, seen.length - 1);
    else if (seen.length > SCAN_LIMIT) index = new Map(seen.map((key, i) => [key, i]));
    return result;
  };
}

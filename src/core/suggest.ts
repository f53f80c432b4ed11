/**
 * "Did you mean …?": the closest strings to a wrong one, by edit distance.
 */
import { compareStrings } from './sort.js';

/**
 * Up to `limit` candidates closest to `wanted` (case-insensitive edit distance; ties by
 * code-unit order). With `maxDistance`, candidates further away are left out.
 */
export function closestMatches(
  wanted: string,
  candidates: Iterable<string>,
  limit: number,
  maxDistance = Number.POSITIVE_INFINITY,
): string[] {
  const target = wanted.toLowerCase();
  const scored: { value: string; distance: number }[] = [];
  for (const value of candidates) {
    // A length gap is a lower bound of the distance: skip the work when it already loses.
    if (Math.abs(value.length - target.length) > maxDistance) continue;
    const distance = value === wanted ? -1 : editDistance(target, value.toLowerCase(), maxDistance);
    if (distance <= maxDistance) scored.push({ value, distance });
  }
  scored.sort((a, b) => a.distance - b.distance || compareStrings(a.value, b.value));
  return scored.slice(0, limit).map((s) => s.value);
}

/** The single closest candidate within a distance that scales with the length, or `null`. */
export function closestMatch(wanted: string, candidates: Iterable<string>): string | null {
  return closestMatches(wanted, candidates, 1, Math.max(2, Math.floor(wanted.length / 3)))[0] ?? null;
}

/** Levenshtein distance; stops early (returning `bound + 1`) once it must exceed `bound`. */
export function editDistance(a: string, b: string, bound = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  let previous = new Array<number>(b.length + 1);
  let current = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > bound) return bound + 1;
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

/** Above this many candidates, suggestions come from an index instead of a full scan. */
export const SCAN_LIMIT = 2000;

/**
 * A reusable "did you mean" over many candidates (ids): a full scan for small sets; for
 * large ones, an index of every candidate with one character deleted (lower case), which
 * finds the candidates one edit away — typos, a missing or extra character — in constant
 * time per query instead of a scan of the whole set.
 */
export function createSuggester(candidates: readonly string[]): (wanted: string) => string | null {
  if (candidates.length <= SCAN_LIMIT) return (wanted) => closestMatch(wanted, candidates);
  let index: Map<string, string[]> | undefined;
  return (wanted) => {
    if (index === undefined) {
      index = new Map();
      for (const candidate of candidates) {
        for (const variant of deletions(candidate.toLowerCase(), true)) {
          const list = index.get(variant);
          if (list === undefined) index.set(variant, [candidate]);
          else if (list[list.length - 1] !== candidate) list.push(candidate);
        }
      }
    }
    const pool = new Set<string>();
    for (const variant of deletions(wanted.toLowerCase(), true)) for (const candidate of index.get(variant) ?? []) pool.add(candidate);
    return closestMatch(wanted, pool);
  };
}

/** `word` itself (when `self`) and every string made by deleting one character of it. */
function deletions(word: string, self: boolean): string[] {
  const out = self ? [word] : [];
  for (let i = 0; i < word.length; i += 1) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/**
 * "Did you mean" for a missing file: a file with the same name elsewhere (it moved), else
 * the closest name in the same directory (a typo).
 */
export function createPathSuggester(files: readonly string[]): (missing: string) => string | null {
  let byName: Map<string, string[]> | undefined;
  let byDir: Map<string, string[]> | undefined;
  return (missing) => {
    if (byName === undefined || byDir === undefined) {
      byName = new Map();
      byDir = new Map();
      for (const file of files) {
        const slash = file.lastIndexOf('/');
        push(byName, file.slice(slash + 1).toLowerCase(), file);
        push(byDir, slash === -1 ? '' : file.slice(0, slash), file);
      }
    }
    const slash = missing.lastIndexOf('/');
    const name = missing.slice(slash + 1);
    const moved = byName.get(name.toLowerCase());
    if (moved !== undefined) return closestMatches(missing, moved, 1)[0] ?? null;
    // A typo: compare file names only, within the directory, up to three edits apart.
    const dir = slash === -1 ? '' : missing.slice(0, slash);
    const siblings = byDir.get(dir) ?? [];
    const names = siblings.map((file) => file.slice(dir === '' ? 0 : dir.length + 1));
    const guess = closestMatches(name, names, 1, 3)[0] ?? null;
    return guess === null ? null : dir === '' ? guess : `${dir}/${guess}`;
  };
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

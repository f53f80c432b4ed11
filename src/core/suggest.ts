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

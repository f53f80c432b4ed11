/**
 * "Did you mean …?": the closest strings to a wrong one, by edit distance — with the work per
 * question bounded whatever the input: long strings are not compared, large sets are searched
 * through an index, and a running best list prunes the scan.
 */
import { createDeletionIndex, type DeletionIndex } from './deletion-index.js';
import { distanceFrom, editDistance, type DistanceFrom } from './edit-distance.js';
import { compareStrings } from './sort.js';

export { editDistance };

/** Strings longer than this are never compared (an id or a file name is far shorter). */
export const MAX_SUGGEST_LENGTH = 256;
/** Above this many candidates, suggestions come from an index instead of a full scan. */
export const SCAN_LIMIT = 2000;
/** Candidates longer than this are left out of the index (it holds every one-deletion variant). */
const INDEX_MAX_LENGTH = 32;

/**
 * Up to `limit` candidates closest to `wanted` (case-insensitive edit distance; ties: first the
 * candidates no longer than `wanted` — a character changed or left out, not one added: `R3.3`
 * suggests `R3.1` before `R3.30` —, then by the longest start shared with `wanted` — `R3.1`
 * before `R1.3`, `T-12` for `T-12x` before `T-120` —, then code-unit order). With `maxDistance`, candidates further away are left out. `lowered`, the candidates
 * in lower case in the same order, saves lowering them again for each question.
 */
export function closestMatches(
  wanted: string,
  candidates: Iterable<string>,
  limit: number,
  maxDistance = Number.POSITIVE_INFINITY,
  lowered?: readonly string[],
): string[] {
  if (wanted.length > MAX_SUGGEST_LENGTH || limit < 1) return [];
  const target = wanted.toLowerCase();
  // The best so far, nearest first; once full, its last entry bounds every later comparison.
  const best: Ranked[] = [];
  let from: DistanceFrom | undefined;
  let index = -1;
  for (const value of candidates) {
    index += 1;
    const bound = best.length === limit ? best[limit - 1]!.distance : maxDistance;
    // A length gap is a lower bound of the distance: skip the work when it already loses.
    if (Math.abs(value.length - target.length) > bound || value.length > MAX_SUGGEST_LENGTH) continue;
    const low = lowered === undefined ? value.toLowerCase() : lowered[index]!;
    const distance = value === wanted ? -1 : (from ??= distanceFrom(target))(low, bound);
    if (distance > bound) continue;
    const entry: Ranked = { value, distance, notLonger: value.length <= wanted.length, shared: sharedStart(target, low) };
    let at = best.length;
    while (at > 0 && before(entry, best[at - 1]!)) at -= 1;
    if (at >= limit) continue;
    best.splice(at, 0, entry);
    if (best.length > limit) best.pop();
  }
  return best.map((s) => s.value);
}

interface Ranked {
  readonly value: string;
  readonly distance: number;
  readonly notLonger: boolean;
  readonly shared: number;
}

/** Whether `a` ranks before `b`: nearer; else no longer than what was written; else sharing a longer start with it; else first in code-unit order. */
function before(a: Ranked, b: Ranked): boolean {
  if (a.distance !== b.distance) return a.distance < b.distance;
  if (a.notLonger !== b.notLonger) return a.notLonger;
  if (a.shared !== b.shared) return a.shared > b.shared;
  return compareStrings(a.value, b.value) < 0;
}

/** How many characters `a` and `b` start with in common. */
function sharedStart(a: string, b: string): number {
  const end = Math.min(a.length, b.length);
  let i = 0;
  while (i < end && a.charCodeAt(i) === b.charCodeAt(i)) i += 1;
  return i;
}

/** The distance a "did you mean" allows: it scales with the length of what was written. */
function allowedDistance(wanted: string): number {
  return Math.max(2, Math.floor(wanted.length / 3));
}

/** The single closest candidate within a distance that scales with the length, or `null`. */
export function closestMatch(wanted: string, candidates: Iterable<string>, lowered?: readonly string[]): string | null {
  return closestMatches(wanted, candidates, 1, allowedDistance(wanted), lowered)[0] ?? null;
}

/** "Did you mean" over one set of candidates, asked many times. */
export interface Suggester {
  /** The closest candidate within a distance that scales with the length, or `null`. */
  readonly best: (wanted: string) => string | null;
  /** Up to `limit` closest candidates, nearest first (on large sets, those one edit away). */
  readonly some: (wanted: string, limit: number) => string[];
}

/**
 * A reusable "did you mean" over many candidates (ids, anchors, file names): a full scan for
 * small sets; for large ones, an index of every candidate with one character deleted (lower
 * case), which finds the candidates one edit away — typos, a missing or extra character — in
 * constant time per question instead of a scan of the whole set.
 */
export function createSuggester(candidates: readonly string[], scanLimit = SCAN_LIMIT): Suggester {
  if (candidates.length <= scanLimit) {
    let lowered: readonly string[] | undefined;
    const lower = (): readonly string[] => (lowered ??= candidates.map((candidate) => candidate.toLowerCase()));
    return { best: (wanted) => closestMatch(wanted, candidates, lower()), some: (wanted, limit) => withinOneOfBest(wanted, closestMatches(wanted, candidates, limit, allowedDistance(wanted), lower())) };
  }
  let index: DeletionIndex | undefined;
  // Nothing longer can be one edit from an indexed candidate: no need to build the index.
  const pool = (wanted: string): Set<string> =>
    wanted.length > INDEX_MAX_LENGTH + 1 ? new Set() : (index ??= createDeletionIndex(candidates, INDEX_MAX_LENGTH))(wanted);
  return { best: (wanted) => closestMatch(wanted, pool(wanted)), some: (wanted, limit) => withinOneOfBest(wanted, closestMatches(wanted, pool(wanted), limit)) };
}

/**
 * The matches (nearest first) no more than one edit further than the nearest: `task-01`
 * suggests `TASK-01` alone, not `SPEC-01` and `DEC-001` after it.
 */
function withinOneOfBest(wanted: string, matches: readonly string[]): string[] {
  if (matches.length < 2) return [...matches];
  const target = wanted.toLowerCase();
  const best = editDistance(target, matches[0]!.toLowerCase());
  return matches.filter((match, i) => i === 0 || editDistance(target, match.toLowerCase(), best + 2) <= best + 1);
}

/** How many same-named files, nearest by path, a moved-file suggestion compares. */
const MOVED_WINDOW = 32;
/** Above this many files in a directory, its typo suggestions come from an index. */
const DIRECTORY_SCAN_LIMIT = 100;

/**
 * "Did you mean" for a missing file: a file with the same name elsewhere (it moved) — among
 * those, the nearest by path —, else the closest name in the same directory (a typo). Each
 * answer is remembered: many links to one missing file cost one search.
 */
export function createPathSuggester(files: readonly string[]): (missing: string) => string | null {
  let byName: Map<string, string[]> | undefined;
  let byDir: Map<string, string[]> | undefined;
  /** Per directory, the closest file name to a missing one. */
  const typos = new Map<string, (name: string) => string | null>();
  const answers = new Map<string, string | null>();
  const search = (missing: string): string | null => {
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
    if (moved !== undefined) return closestMatches(missing, nearest(moved, missing, MOVED_WINDOW), 1)[0] ?? null;
    // A typo: compare file names only, within the directory, up to three edits apart.
    const dir = slash === -1 ? '' : missing.slice(0, slash);
    let typo = typos.get(dir);
    if (typo === undefined) {
      const names = (byDir.get(dir) ?? []).map((file) => file.slice(dir === '' ? 0 : dir.length + 1));
      const lowered = names.map((name) => name.toLowerCase());
      // Few names: closest within three edits; more: the scaled distance (and, past SCAN_LIMIT, the index).
      typos.set(dir, (typo = names.length <= DIRECTORY_SCAN_LIMIT ? (wanted) => closestMatches(wanted, names, 1, 3, lowered)[0] ?? null : createSuggester(names).best));
    }
    const guess = typo(name);
    return guess === null ? null : dir === '' ? guess : `${dir}/${guess}`;
  };
  return (missing) => {
    let answer = answers.get(missing);
    if (answer === undefined) answers.set(missing, (answer = search(missing)));
    return answer;
  };
}

/** Up to `window` entries of the sorted list `sorted` around where `value` would go. */
function nearest(sorted: readonly string[], value: string, window: number): readonly string[] {
  if (sorted.length <= window) return sorted;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareStrings(sorted[mid]!, value) < 0) low = mid + 1;
    else high = mid;
  }
  const start = Math.max(0, Math.min(low - window / 2, sorted.length - window));
  return sorted.slice(start, start + window);
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

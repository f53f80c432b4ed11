/**
 * The findings a revision introduced and fixed (`docugraph diff`, TRACE §4): the two lists as
 * multisets of findings compared on code, path, node and message — not the line, which moves
 * with any edit above it — each side's unmatched ones copied and sorted.
 *
 * Both lists come sorted by path (`compareDiagnostics`), so they are compared a path at a time:
 * a path whose findings are the same one by one on both sides (most of them, and all of those a
 * patched revision shares with the work tree) is passed over without a key; the others are
 * matched by key within the path, as the whole lists were before (a 64,000-document diff keyed
 * 86,000 findings, about a quarter of a second). Unsorted lists are matched whole.
 */
import { compareDiagnostics, compareStrings } from '../shared/sort.js';
import type { Diagnostic } from '../shared/types.js';

export function compareFindings(before: readonly Diagnostic[], after: readonly Diagnostic[]): { introduced: Diagnostic[]; fixed: Diagnostic[] } {
  const introduced: Diagnostic[] = [];
  const fixed: Diagnostic[] = [];
  if (!byPath(before) || !byPath(after)) matchRun(before, after, introduced, fixed);
  else {
    let i = 0;
    let j = 0;
    while (i < before.length || j < after.length) {
      const order = i === before.length ? 1 : j === after.length ? -1 : compareStrings(before[i]!.path, after[j]!.path);
      const path = order <= 0 ? before[i]!.path : after[j]!.path;
      let i2 = i;
      let j2 = j;
      if (order <= 0) while (i2 < before.length && before[i2]!.path === path) i2 += 1;
      if (order >= 0) while (j2 < after.length && after[j2]!.path === path) j2 += 1;
      if (!sameRun(before, i, i2, after, j, j2)) matchRun(before.slice(i, i2), after.slice(j, j2), introduced, fixed);
      i = i2;
      j = j2;
    }
  }
  const copy = (d: Diagnostic): Diagnostic => ({ code: d.code, message: d.message, nodeId: d.nodeId, path: d.path, line: d.line });
  return { introduced: introduced.map(copy).sort(compareDiagnostics), fixed: fixed.map(copy).sort(compareDiagnostics) };
}

/** Whether `list` is in path order. */
function byPath(list: readonly Diagnostic[]): boolean {
  for (let k = 1; k < list.length; k += 1) if (compareStrings(list[k - 1]!.path, list[k]!.path) > 0) return false;
  return true;
}

/** Whether `a[i..i2)` and `b[j..j2)` hold the same findings in the same order (the line aside): then each matches its twin. */
function sameRun(a: readonly Diagnostic[], i: number, i2: number, b: readonly Diagnostic[], j: number, j2: number): boolean {
  if (i2 - i !== j2 - j) return false;
  for (let k = 0; k < i2 - i; k += 1) {
    const x = a[i + k]!;
    const y = b[j + k]!;
    if (x !== y && (x.code !== y.code || x.message !== y.message || (x.nodeId ?? '') !== (y.nodeId ?? ''))) return false;
  }
  return true;
}

/** What a diagnostic is compared on: code, path, node and message (not its line, which moves with any edit above it). */
function diagnosticKey(d: Diagnostic): string {
  return `${d.code}\0${d.path}\0${d.nodeId ?? ''}\0${d.message}`;
}

/** Adds to `introduced` and `fixed` the findings of `allAfter` and `allBefore` the other list does not hold (as multisets). */
function matchRun(allBefore: readonly Diagnostic[], allAfter: readonly Diagnostic[], introduced: Diagnostic[], fixed: Diagnostic[]): void {
  // A finding both sides hold as one object (a revision patched from the work tree's assembly shares its unchanged files' findings) is in both: only the others are keyed.
  const inAfter = new Set(allAfter);
  const inBefore = new Set(allBefore);
  const before = allBefore.filter((d) => !inAfter.has(d));
  const after = allAfter.filter((d) => !inBefore.has(d));
  // Each finding's key once: both lists are counted, then matched against the other's counts.
  const keysBefore = before.map(diagnosticKey);
  const keysAfter = after.map(diagnosticKey);
  const count = (keys: readonly string[]) => {
    const counts = new Map<string, number>();
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    return counts;
  };
  // As multisets: a finding twice where it was once is one introduced.
  const unmatched = (list: readonly Diagnostic[], keys: readonly string[], other: Map<string, number>) =>
    list.filter((_, i) => {
      const key = keys[i]!;
      const left = other.get(key) ?? 0;
      if (left === 0) return true;
      other.set(key, left - 1);
      return false;
    });
  for (const d of unmatched(after, keysAfter, count(keysBefore))) introduced.push(d);
  for (const d of unmatched(before, keysBefore, count(keysAfter))) fixed.push(d);
}

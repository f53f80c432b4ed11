/**
 * `docugraph diff`'s findings introduced and fixed (compare-findings.ts), compared a path at a
 * time, against the whole-list matching it replaced (written out here): the same findings, the
 * same lines chosen when a finding is there twice, the same order — on seeded lists that share
 * objects, move lines, repeat findings, and come sorted or not.
 */
import { describe, expect, it } from 'vitest';
import { compareFindings } from '../../../src/core/answer/compare-findings.js';
import { compareDiagnostics } from '../../../src/core/shared/sort.js';
import type { Diagnostic } from '../../../src/core/shared/types.js';
import { Rng } from '../../helpers/prng.js';

/** The matching before (the whole lists keyed at once). */
function reference(allBefore: readonly Diagnostic[], allAfter: readonly Diagnostic[]): { introduced: Diagnostic[]; fixed: Diagnostic[] } {
  const key = (d: Diagnostic) => `${d.code}\0${d.path}\0${d.nodeId ?? ''}\0${d.message}`;
  const inAfter = new Set(allAfter);
  const inBefore = new Set(allBefore);
  const before = allBefore.filter((d) => !inAfter.has(d));
  const after = allAfter.filter((d) => !inBefore.has(d));
  const count = (list: readonly Diagnostic[]) => {
    const counts = new Map<string, number>();
    for (const d of list) counts.set(key(d), (counts.get(key(d)) ?? 0) + 1);
    return counts;
  };
  const unmatched = (list: readonly Diagnostic[], other: Map<string, number>) =>
    list.filter((d) => {
      const left = other.get(key(d)) ?? 0;
      if (left === 0) return true;
      other.set(key(d), left - 1);
      return false;
    });
  const copy = (d: Diagnostic): Diagnostic => ({ code: d.code, message: d.message, nodeId: d.nodeId, path: d.path, line: d.line });
  return { introduced: unmatched(after, count(before)).map(copy).sort(compareDiagnostics), fixed: unmatched(before, count(after)).map(copy).sort(compareDiagnostics) };
}

function finding(rng: Rng): Diagnostic {
  return {
    code: rng.pick(['LINK_BROKEN', 'MD_ANCHOR_BROKEN', 'STATUS_INCONSISTENT']),
    message: rng.pick(['a', 'b', 'c']),
    nodeId: rng.pick([null, 'X-1', 'X-2']),
    path: rng.pick(['a.md', 'b.md', 'c/d.md', 'e.md']),
    line: rng.int(1, 6),
  };
}

describe('the findings a revision introduced and fixed', () => {
  it('are those of the whole-list matching, line for line, on seeded lists sorted by path or not', () => {
    const rng = new Rng(20261205);
    let differing = 0;
    for (let round = 0; round < 600; round += 1) {
      const base = Array.from({ length: rng.int(0, 14) }, () => finding(rng));
      // The head shares some of the base's objects (a patched revision), moves some lines, drops some, adds some.
      const head: Diagnostic[] = [];
      for (const d of base) {
        if (rng.chance(0.2)) continue;
        head.push(rng.chance(0.5) ? d : { ...d, line: rng.chance(0.5) ? d.line : rng.int(1, 6) });
      }
      for (let k = rng.int(0, 4); k > 0; k -= 1) head.push(finding(rng));
      const sorted = rng.chance(0.85);
      if (sorted) {
        base.sort(compareDiagnostics);
        head.sort(compareDiagnostics);
      }
      const expected = reference(base, head);
      expect(compareFindings(base, head), `round ${round}`).toEqual(expected);
      if (expected.introduced.length + expected.fixed.length > 0) differing += 1;
    }
    // Most rounds differ somewhere: the comparison is not only of equal lists.
    expect(differing).toBeGreaterThan(300);
  });

  it('passes over a path whose findings only moved, and reports one more of a finding as introduced', () => {
    const at = (line: number, message = 'm'): Diagnostic => ({ code: 'LINK_BROKEN', message, nodeId: null, path: 'a.md', line });
    expect(compareFindings([at(3), at(7, 'n')], [at(4), at(9, 'n')])).toEqual({ introduced: [], fixed: [] });
    expect(compareFindings([at(3)], [at(3), at(8)])).toEqual({ introduced: [at(8)], fixed: [] });
    expect(compareFindings([at(3), { ...at(5), path: 'b.md' }], [at(3)])).toEqual({ introduced: [], fixed: [{ ...at(5), path: 'b.md' }] });
  });
});

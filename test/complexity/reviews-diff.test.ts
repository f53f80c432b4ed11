/**
 * Complexity (issue 25): applying a lock file and comparing two workspaces stay near-linear,
 * measured by the ratio t(4n)/t(n): a lock file that reviews every link of a chain (half of
 * them suspect, and as many stale reviews), and a diff of a chain whose first document changed
 * (its impact is every other document).
 */
import { describe, expect, it } from 'vitest';
import { diffWorkspaces, MAX_BECAUSE } from '../../src/core/index.js';
import { applyReviews } from '../../src/core/check/check-reviews.js';
import { fingerprintOf } from '../../src/core/model/fingerprint.js';
import { parseLockFile } from '../../src/core/parse/lock-file.js';
import { measureRatio, nearLinear } from '../helpers/complexity.js';
import { syntheticWorkspace } from '../helpers/synthetic-workspace.js';

const pad = (i: number) => String(i).padStart(7, '0');
const chain = (n: number, body = (i: number) => `body ${i}`) => syntheticWorkspace(Array.from({ length: n }, (_, i) => ({ id: `D-${pad(i)}`, dependsOn: i === 0 ? [] : [`D-${pad(i - 1)}`], body: body(i) })));

describe('near-linear reviews and diffs (issue 25)', () => {
  it('a lock file over every link, half suspect, with as many stale reviews', () => {
    const build = (n: number) => {
      const workspace = chain(n);
      const reviewed: Record<string, string> = {};
      for (let i = 1; i < n; i += 1) reviewed[`D-${pad(i)} -> D-${pad(i - 1)}`] = i % 2 === 0 ? fingerprintOf(workspace.nodes.get(`D-${pad(i - 1)}`)!) : '0000000000000000';
      for (let i = 0; i < n; i += 1) reviewed[`GONE-${pad(i)} -> D-${pad(i)}`] = '0000000000000000';
      const text = `${JSON.stringify({ version: 1, reviewed }, null, 2)}\n`;
      return { workspace, text };
    };
    const r = measureRatio(build, ({ workspace, text }) => void applyReviews(workspace, parseLockFile(text)), { start: 4_000, max: 128_000 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 90_000);

  it('a diff whose impact is the whole chain', () => {
    const build = (n: number) => ({ base: chain(n), head: chain(n, (i) => (i === 0 ? 'changed' : `body ${i}`)) });
    const side = { revision: null, commit: null };
    const r = measureRatio(build, ({ base, head }) => void diffWorkspaces(base, head, { base: side, head: side }), { start: 4_000, max: 128_000 });
    expect(nearLinear(r), r.summary).toBe(true);
    const small = build(3);
    expect(diffWorkspaces(small.base, small.head, { base: side, head: side }).impact.items.map((i) => [i.id, i.depth])).toEqual([['D-0000001', 1], ['D-0000002', 2]]);
  }, 90_000);

  it('a diff of 1 % of the documents, each reaching most of the rest (issue 37: one walk per change was quadratic)', () => {
    // A chain, each document also depending on the one 100 before it: 1 % of the documents
    // change, in the first half, so the changes grow with n and each reaches half of the rest
    // or more (one walk from each was n²/200 steps).
    const graph = (n: number, body: (i: number) => string) =>
      syntheticWorkspace(Array.from({ length: n }, (_, i) => ({ id: `D-${pad(i)}`, dependsOn: i === 0 ? [] : i < 100 ? [`D-${pad(i - 1)}`] : [`D-${pad(i - 1)}`, `D-${pad(i - 100)}`], body: body(i) })));
    const build = (n: number) => ({ base: graph(n, (i) => `body ${i}`), head: graph(n, (i) => (i % 100 === 7 && i < n / 2 ? `changed ${i}` : `body ${i}`)) });
    const side = { revision: null, commit: null };
    const r = measureRatio(build, ({ base, head }) => void diffWorkspaces(base, head, { base: side, head: side, cap: Number.POSITIVE_INFINITY }), { start: 8_000, max: 64_000, targetMs: 60 });
    expect(nearLinear(r), r.summary).toBe(true);
    const { base, head } = build(4_000);
    const impact = diffWorkspaces(base, head, { base: side, head: side, cap: Number.POSITIVE_INFINITY }).impact;
    // Downstream of D-0000007: every later document, less the twenty changed (D-0000007 among them).
    expect(impact.count).toBe(4_000 - 7 - 20);
    // The last documents are downstream of all twenty changes and name MAX_BECAUSE of them.
    expect(MAX_BECAUSE).toBe(10);
    expect(impact.items.find((i) => i.id === 'D-0003999')?.because).toHaveLength(MAX_BECAUSE);
    expect(Math.max(...impact.items.map((i) => i.because.length))).toBe(MAX_BECAUSE);
    // Between the first and the second change: only the first.
    expect(impact.items.find((i) => i.id === 'D-0000008')).toEqual({ id: 'D-0000008', title: 'D-0000008', path: 'D-0000008.md', depth: 1, because: ['D-0000007'] });
    // A capped list is the whole list's first entries (only the depths the cap reaches are sorted), whatever depth the cap falls in.
    for (const cap of [1, 20, 21, 250, 3_972]) expect(diffWorkspaces(base, head, { base: side, head: side, cap }).impact).toEqual({ count: impact.count, items: impact.items.slice(0, cap) });
  }, 90_000);
});

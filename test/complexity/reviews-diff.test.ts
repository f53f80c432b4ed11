/**
 * Complexity (issue 25): applying a lock file and comparing two workspaces stay near-linear,
 * measured by the ratio t(4n)/t(n): a lock file that reviews every link of a chain (half of
 * them suspect, and as many stale reviews), and a diff of a chain whose first document changed
 * (its impact is every other document).
 */
import { describe, expect, it } from 'vitest';
import { diffWorkspaces } from '../../src/core/index.js';
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
});

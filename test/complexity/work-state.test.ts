/**
 * Complexity (issue 24): work states and `unblocks` stay near-linear in the graph's size,
 * measured by the ratio t(4n)/t(n) (see complexity.ts): on a long chain, where a walk per node
 * to count what lies downstream would be n²/2 steps, and on a wide graph of many merges (the
 * benchmark's shape: each document depends on up to four of the 200 before it).
 */
import { describe, expect, it } from 'vitest';
import { countUnblocks } from '../../src/core/model/count-unblocks.js';
import { computeStates } from '../../src/core/model/work-state.js';
import { DEFAULT_CONFIG } from '../../src/core/shared/config-types.js';
import type { Workspace } from '../../src/core/shared/types.js';
import { measureRatio, nearLinear } from '../helpers/complexity.js';
import { mulberry32 } from '../helpers/prng.js';
import { syntheticWorkspace } from '../helpers/synthetic-workspace.js';

const pad = (i: number) => String(i).padStart(7, '0');

/** Both stages, from the graph stages of a loaded workspace. */
function statesAndUnblocks(w: Workspace): void {
  const { states } = computeStates(w.nodes, { ids: w.ids, upstream: w.upstream, cycleOf: w.cycleOf, relationsIn: w.relationsIn }, DEFAULT_CONFIG.status);
  countUnblocks({ ids: w.ids, downstream: w.downstream, cycleOf: w.cycleOf, states });
}

describe('near-linear work states and unblocks (issue 24)', () => {
  it('a long chain: each document depends on the one before', () => {
    const build = (n: number) => syntheticWorkspace(Array.from({ length: n }, (_, i) => ({ id: `T-${pad(i)}`, dependsOn: i === 0 ? [] : [`T-${pad(i - 1)}`] })));
    const r = measureRatio(build, statesAndUnblocks, { start: 2_000, max: 256_000 });
    expect(nearLinear(r), r.summary).toBe(true);
    // Every node counts everything after it: the chain's answer, exact.
    const w = build(1_000);
    const { states } = computeStates(w.nodes, { ids: w.ids, upstream: w.upstream, cycleOf: w.cycleOf, relationsIn: w.relationsIn }, DEFAULT_CONFIG.status);
    const unblocks = countUnblocks({ ids: w.ids, downstream: w.downstream, cycleOf: w.cycleOf, states });
    expect([unblocks.get(`T-${pad(0)}`), unblocks.get(`T-${pad(500)}`), unblocks.get(`T-${pad(999)}`)]).toEqual([999, 499, 0]);
  }, 90_000);

  it('a wide graph of merges: up to four dependencies among the 200 documents before', () => {
    const build = (n: number) => {
      const random = mulberry32(n);
      return syntheticWorkspace(
        Array.from({ length: n }, (_, i) => ({
          id: `T-${pad(i)}`,
          dependsOn: i === 0 ? [] : Array.from({ length: Math.floor(random() * 5) }, () => `T-${pad(Math.max(0, i - 1 - Math.floor(random() * Math.min(i, 200))))}`).filter((d, k, all) => all.indexOf(d) === k),
        })),
      );
    };
    const r = measureRatio(build, statesAndUnblocks, { start: 2_000, max: 128_000 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 120_000);
});

/**
 * Complexity (issue 24): work states and `unblocks` stay near-linear in the graph's size,
 * measured by the ratio t(4n)/t(n) (see complexity.ts): on a long chain, where a walk per node
 * to count what lies downstream would be n²/2 steps, and on a wide graph of many merges (the
 * benchmark's shape: each document depends on up to four of the 200 before it).
 */
import { describe, expect, it } from 'vitest';
import { buildGraph, type Graph } from '../../src/core/model/build-graph.js';
import { countUnblocks } from '../../src/core/model/count-unblocks.js';
import { computeStates } from '../../src/core/model/work-state.js';
import { DEFAULT_CONFIG } from '../../src/core/shared/config-types.js';
import type { Workspace } from '../../src/core/shared/types.js';
import { measureRatio, nearLinear } from '../helpers/complexity.js';
import { mulberry32 } from '../helpers/prng.js';
import { syntheticWorkspace } from '../helpers/synthetic-workspace.js';

const pad = (i: number) => String(i).padStart(7, '0');

/** A workspace and its graph stage (made once, not timed). */
function withGraph(w: Workspace): { w: Workspace; graph: Graph } {
  return { w, graph: buildGraph(w.nodes) };
}

/** Both stages, as the assembly runs them after the graph stage. */
function statesAndUnblocks({ w, graph }: { w: Workspace; graph: Graph }): void {
  const { states } = computeStates(w.nodes, { ids: graph.ids, placeOf: graph.placeOf, placeEdges: graph.placeEdges, upstream: graph.upstream, cycleOf: w.cycleOf, relationsIn: w.relationsIn }, DEFAULT_CONFIG.status);
  countUnblocks({ ids: graph.ids, downstream: graph.downstream, cycleOf: w.cycleOf, states });
}

describe('near-linear work states and unblocks (issue 24)', () => {
  it('a long chain: each document depends on the one before', () => {
    const build = (n: number) => syntheticWorkspace(Array.from({ length: n }, (_, i) => ({ id: `T-${pad(i)}`, dependsOn: i === 0 ? [] : [`T-${pad(i - 1)}`] })));
    // Fixed sizes, 8,000 and 32,000: a walk per node would be n²/2 steps (seconds at 32,000),
    // while past about 32,000 ids the maps by id outgrow this VM's caches and their own cost
    // grows faster than n (a Map's set and get of 128,000 ids took 6.2× those of 32,000).
    const r = measureRatio((n) => withGraph(build(n)), statesAndUnblocks, { start: 8_000, max: 32_000, targetMs: 0 });
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
    const r = measureRatio((n) => withGraph(build(n)), statesAndUnblocks, { start: 2_000, max: 128_000 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 120_000);
});

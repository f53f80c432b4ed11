/**
 * TRACE §2 `unblocks`: the count of distinct open nodes downstream, checked against a walk per
 * node (the definition, quadratic) on hand-made and random graphs: exact up to the sketch's
 * size and for chains and trees of any length; within the sketch's error beyond.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../src/core/index.js';
import { buildGraph } from '../../../src/core/model/build-graph.js';
import { countUnblocks, SKETCH_SIZE } from '../../../src/core/model/count-unblocks.js';
import { findCycles } from '../../../src/core/model/find-cycles.js';
import type { Cycle, DocNode, NodeState } from '../../../src/core/shared/types.js';
import { DEMO } from '../../helpers/paths.js';
import { mulberry32 } from '../../helpers/prng.js';

/** The inputs of `countUnblocks` for nodes `0..n-1` (ids `N0000…`), `edges` as [dependent, dependency], `open` per node. */
function graphOf(n: number, edges: readonly (readonly [number, number])[], isOpen: (i: number) => boolean) {
  const ids = Array.from({ length: n }, (_, i) => `N${String(i).padStart(6, '0')}`);
  const upstream = new Map<string, string[]>(ids.map((id) => [id, []]));
  const downstream = new Map<string, string[]>(ids.map((id) => [id, []]));
  const seen = new Set<string>();
  for (const [from, to] of edges) {
    if (seen.has(`${from} ${to}`)) continue;
    seen.add(`${from} ${to}`);
    upstream.get(ids[from]!)!.push(ids[to]!);
    downstream.get(ids[to]!)!.push(ids[from]!);
  }
  for (const list of [...upstream.values(), ...downstream.values()]) list.sort();
  const nodes = new Map(ids.map((id) => [id, { id, path: `${id}.md`, dependsOn: upstream.get(id)!, dependsOnLines: upstream.get(id)!.map(() => 1) } as unknown as DocNode]));
  const cycleOf = new Map<string, Cycle>();
  for (const cycle of findCycles(buildGraph(nodes), nodes).cycles) for (const id of cycle.ids) cycleOf.set(id, cycle);
  const states = new Map<string, NodeState>(ids.map((id, i) => [id, { state: isOpen(i) ? 'blocked' : 'done', blockedBy: [] }]));
  return { ids, downstream, cycleOf, states };
}

/**
 * The definition: a walk per node, counting the open nodes reached (never the node itself).
 * Over node numbers, with one array of marks for every walk (walk `s` marks with `s`): the
 * walks are the same, without a set and map look-ups per step (a chain of 2,560 nodes takes
 * some 3 million steps).
 */
function reference(graph: ReturnType<typeof graphOf>): Map<string, number> {
  const { ids } = graph;
  const number = new Map(ids.map((id, i) => [id, i]));
  const downstream = ids.map((id) => graph.downstream.get(id)!.map((next) => number.get(next)!));
  const isOpen = ids.map((id) => graph.states.get(id)!.state === 'blocked');
  const seen = new Int32Array(ids.length).fill(-1);
  const queue = new Int32Array(ids.length);
  const out = new Map<string, number>();
  for (let start = 0; start < ids.length; start += 1) {
    seen[start] = start;
    queue[0] = start;
    let tail = 1;
    let open = 0;
    for (let head = 0; head < tail; head += 1) {
      for (const next of downstream[queue[head]!]!) {
        if (seen[next] === start) continue;
        seen[next] = start;
        queue[tail] = next;
        tail += 1;
        if (isOpen[next]) open += 1;
      }
    }
    out.set(ids[start]!, open);
  }
  return out;
}

function expectClose(graph: ReturnType<typeof graphOf>): { exact: number; estimated: number } {
  const got = countUnblocks(graph);
  const want = reference(graph);
  let exact = 0;
  let estimated = 0;
  for (const id of graph.ids) {
    const w = want.get(id)!;
    const g = got.get(id)!;
    if (w <= SKETCH_SIZE) {
      expect(g, id).toBe(w);
      exact += 1;
    } else {
      expect(Math.abs(g - w) / w, `${id}: ${g} for ${w}`).toBeLessThan(0.35);
      estimated += 1;
    }
  }
  return { exact, estimated };
}

describe('unblocks', () => {
  it('on the demo, derived by hand', () => {
    const w = loadWorkspace(DEMO);
    const unblocks = countUnblocks(w);
    // BE-02 → BE-03, BE-04, FE-01; REQ-01 → BE-01 (done) → BE-02 and its three; META-01 → OPS-01.
    expect(Object.fromEntries(['BE-02', 'OPS-01', 'BE-01', 'REQ-01', 'DEC-002', 'META-01', 'FE-01', 'PRD-01'].map((id) => [id, unblocks.get(id)]))).toEqual({
      'BE-02': 3,
      'OPS-01': 0,
      'BE-01': 4,
      'REQ-01': 4,
      'DEC-002': 4,
      'META-01': 1,
      'FE-01': 0,
      'PRD-01': 4,
    });
  });

  it('cycles: a node reaches the rest of its cycle and what depends on it, never itself', () => {
    // 1 ⇄ 2, 3 depends on 2, 4 depends on itself, 5 depends on 4.
    const graph = graphOf(6, [[1, 2], [2, 1], [3, 2], [4, 4], [5, 4], [1, 0]], () => true);
    expect([...countUnblocks(graph).values()]).toEqual([3, 2, 2, 0, 1, 0]);
    expect(countUnblocks(graph)).toEqual(reference(graph));
  });

  it('a long chain and a wide tree are exact far beyond the sketch', () => {
    const n = 20 * SKETCH_SIZE;
    const chain = graphOf(n, Array.from({ length: n - 1 }, (_, i) => [i + 1, i] as const), (i) => i % 3 !== 0);
    expect(countUnblocks(chain)).toEqual(reference(chain));
    const tree = graphOf(n, Array.from({ length: n - 1 }, (_, i) => [i + 1, Math.floor(i / 3)] as const), (i) => i % 2 === 0);
    expect(countUnblocks(tree)).toEqual(reference(tree));
    // A chain of diamonds (2k+1 and 2k+2 depend on 2k; 2k+2 also on 2k+1... merges everywhere).
    const diamonds: [number, number][] = [];
    for (let k = 0; k + 3 < n; k += 3) diamonds.push([k + 1, k], [k + 2, k], [k + 3, k + 1], [k + 3, k + 2]);
    const result = expectClose(graphOf(n, diamonds, (i) => i % 5 !== 0));
    expect(result.estimated).toBeGreaterThan(0);
  });

  it('random graphs of every shape: exact up to the sketch, close beyond', () => {
    const random = mulberry32(24);
    for (let round = 0; round < 12; round += 1) {
      const n = 50 + Math.floor(random() * 600);
      const edges: [number, number][] = [];
      const window = 1 + Math.floor(random() * 40);
      for (let i = 1; i < n; i += 1) {
        const k = Math.floor(random() * 4);
        for (let j = 0; j < k; j += 1) edges.push([i, Math.max(0, i - 1 - Math.floor(random() * window))]);
        // A few edges backwards make cycles.
        if (random() < 0.02) edges.push([Math.max(0, i - 1 - Math.floor(random() * 5)), i]);
      }
      const openShare = random();
      expectClose(graphOf(n, edges, () => random() < openShare));
    }
  });
});

/**
 * The graph's edges against the plain definition (issue 9 made `buildGraph` find each
 * dependency by the id's place in the sorted ids): for each id, the ids it names that exist,
 * sorted; downstream, the reverse, sorted; the edge count; a `LINK_BROKEN` per missing id.
 */
import { describe, expect, it } from 'vitest';
import { buildGraph } from '../../../src/core/model/build-graph.js';
import { cyclesUpstream, findCycles } from '../../../src/core/model/find-cycles.js';
import type { DocNode } from '../../../src/core/shared/types.js';

function node(id: string, dependsOn: string[]): DocNode {
  return { id, title: id, type: null, status: null, path: `${id}.md`, dependsOn, dependsOnLines: dependsOn.map((_, i) => i + 2), text: '', bodyLine: 1, body: '' };
}

describe('buildGraph', () => {
  it('gives the edges of the definition on random graphs (few and many dependencies, missing and self ones)', () => {
    let seed = 9;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let round = 0; round < 200; round += 1) {
      const count = 1 + Math.floor(next() * 40);
      const ids = Array.from({ length: count }, (_, i) => `N-${Math.floor(next() * 1000)}-${i}`);
      const nodes = new Map<string, DocNode>();
      for (const id of ids) {
        const many = next() < 0.1 ? 30 : Math.floor(next() * 6);
        const deps = new Set<string>();
        for (let k = 0; k < many; k += 1) deps.add(next() < 0.15 ? `MISSING-${k}` : ids[Math.floor(next() * ids.length)]!);
        nodes.set(id, node(id, [...deps]));
      }
      const graph = buildGraph(nodes);
      const sorted = [...ids].sort();
      expect(graph.ids).toEqual(sorted);
      let edges = 0;
      let broken = 0;
      for (const id of sorted) {
        const deps = nodes.get(id)!.dependsOn;
        const up = deps.filter((d) => nodes.has(d)).sort();
        broken += deps.length - up.length;
        edges += up.length;
        expect(graph.upstream.get(id)).toEqual(up);
        expect(graph.downstream.get(id)).toEqual(sorted.filter((other) => nodes.get(other)!.dependsOn.includes(id)));
      }
      expect([...graph.downstream.keys()]).toEqual(sorted);
      // The lists are made when asked for, then kept: the same array each time, in every way of reading the map.
      expect(graph.upstream.size).toBe(sorted.length);
      expect(graph.upstream.has(`MISSING-0`)).toBe(false);
      expect(graph.upstream.get(`MISSING-0`)).toBeUndefined();
      const first = sorted[0]!;
      expect(graph.upstream.get(first)).toBe(graph.upstream.get(first));
      expect([...graph.downstream.entries()].map(([id, list]) => [id, list === graph.downstream.get(id)])).toEqual(sorted.map((id) => [id, true]));
      expect([...graph.upstream.values()]).toEqual(sorted.map((id) => graph.upstream.get(id)));
      expect(graph.edgeCount).toBe(edges);
      expect(graph.diagnostics.length).toBe(broken);
    }
  });
});

describe('findCycles', () => {
  it('finds the cycles of the definition on random graphs: ids that reach each other, or reach themselves', () => {
    let seed = 21;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let round = 0; round < 300; round += 1) {
      const count = 1 + Math.floor(next() * 30);
      const ids = Array.from({ length: count }, (_, i) => `C-${Math.floor(next() * 100)}-${i}`);
      const nodes = new Map<string, DocNode>();
      const density = next() * 2.5;
      for (const id of ids) {
        const deps = new Set<string>();
        for (let k = 0; k < Math.floor(next() * density); k += 1) deps.add(ids[Math.floor(next() * ids.length)]!);
        nodes.set(id, node(id, [...deps]));
      }
      // The definition: what each id reaches in one or more steps.
      const reach = new Map<string, Set<string>>();
      for (const id of ids) {
        const seen = new Set<string>();
        const queue = [...nodes.get(id)!.dependsOn];
        while (queue.length > 0) {
          const at = queue.pop()!;
          if (seen.has(at)) continue;
          seen.add(at);
          queue.push(...nodes.get(at)!.dependsOn);
        }
        reach.set(id, seen);
      }
      const expected: string[][] = [];
      const placed = new Set<string>();
      for (const id of [...ids].sort()) {
        if (placed.has(id) || !reach.get(id)!.has(id)) continue;
        const members = [...ids].filter((other) => other === id || (reach.get(id)!.has(other) && reach.get(other)!.has(id))).sort();
        for (const m of members) placed.add(m);
        expected.push(members);
      }
      const graph = buildGraph(nodes);
      const found = findCycles(graph, nodes).cycles;
      expect(found.map((c) => c.ids)).toEqual(expected);
      // Each cycle's path is a walk over its edges from its smallest id back to it.
      for (const cycle of found) {
        expect(cycle.path[0]).toBe(cycle.ids[0]);
        expect(cycle.path[cycle.path.length - 1]).toBe(cycle.ids[0]);
        for (let k = 0; k + 1 < cycle.path.length; k += 1) expect(nodes.get(cycle.path[k]!)!.dependsOn).toContain(cycle.path[k + 1]);
      }
      // Each id that is in a cycle or depends on one, over one or more steps, has the first such cycle.
      const upstreamCycles = cyclesUpstream(found, graph);
      for (const id of ids) {
        const first = found.find((cycle) => cycle.ids.includes(id) || cycle.ids.some((m) => reach.get(id)!.has(m)));
        expect(upstreamCycles.get(id)).toBe(first);
      }
      expect(upstreamCycles.size).toBe(ids.filter((id) => found.some((cycle) => cycle.ids.includes(id) || cycle.ids.some((m) => reach.get(id)!.has(m)))).length);
    }
  });
});

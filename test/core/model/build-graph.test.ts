/**
 * The graph's edges against the plain definition (issue 9 made `buildGraph` find each
 * dependency by the id's place in the sorted ids): for each id, the ids it names that exist,
 * sorted; downstream, the reverse, sorted; the edge count; a `LINK_BROKEN` per missing id.
 */
import { describe, expect, it } from 'vitest';
import { buildGraph } from '../../../src/core/model/build-graph.js';
import type { DocNode } from '../../../src/core/shared/types.js';

function node(id: string, dependsOn: string[]): DocNode {
  return { id, title: id, type: null, status: null, path: `${id}.md`, dependsOn, dependsOnLines: dependsOn.map((_, i) => i + 2), text: '', frontmatter: {}, bodyLine: 1, body: '' };
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
      expect(graph.edgeCount).toBe(edges);
      expect(graph.diagnostics.length).toBe(broken);
    }
  });
});

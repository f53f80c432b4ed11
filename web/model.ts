/**
 * The view's data in the browser: the payload (src/core/answer/view-model.ts) and the indexes
 * the page needs — each node's edges both ways, its group (groups.ts), and closures.
 */
import type { ViewModel } from '../src/core/answer/view-model.js';
import { groupsOf, type Groups } from './groups.js';

export type { ViewModel };

export interface Graph {
  readonly model: ViewModel;
  readonly n: number;
  /** Edges out of each node (what it depends on…), as edge numbers (index / 3 into `model.edges`). */
  readonly out: readonly number[][];
  /** Edges into each node. */
  readonly in: readonly number[][];
  /** Node index by id. */
  readonly byId: ReadonlyMap<string, number>;
  /** Edge numbers by kind (relation index, + 8 when suspect). */
  readonly byKind: readonly number[][];
  /** Lower-case `id title`, for search. */
  readonly haystack: readonly string[];
  /** Each node's group: its feature folder, change or folder. */
  readonly groups: Groups;
}

export function indexModel(model: ViewModel): Graph {
  const n = model.ids.length;
  const out: number[][] = Array.from({ length: n }, () => []);
  const into: number[][] = Array.from({ length: n }, () => []);
  const byKind: number[][] = Array.from({ length: 16 }, () => []);
  for (let e = 0; e * 3 < model.edges.length; e += 1) {
    const from = model.edges[e * 3]!;
    const to = model.edges[e * 3 + 1]!;
    if (from === to) continue;
    byKind[model.edges[e * 3 + 2]!]?.push(e);
    out[from]!.push(e);
    into[to]!.push(e);
  }
  const byId = new Map<string, number>();
  const haystack: string[] = [];
  for (let i = 0; i < n; i += 1) {
    byId.set(model.ids[i]!, i);
    haystack.push(`${model.ids[i]} ${model.titles[i]}`.toLowerCase());
  }
  return { model, n, out, in: into, byId, byKind, haystack, groups: groupsOf(model) };
}

export type Way = 'upstream' | 'downstream' | 'both';

/** Every node reached from `start` along depends_on-like edges (all relations), `start` included. */
export function closure(graph: Graph, start: number, way: Way): Set<number> {
  const seen = new Set<number>([start]);
  const ways: ('upstream' | 'downstream')[] = way === 'both' ? ['upstream', 'downstream'] : [way];
  for (const w of ways) {
    const stack = [start];
    while (stack.length > 0) {
      const i = stack.pop()!;
      const edges = w === 'upstream' ? graph.out[i]! : graph.in[i]!;
      for (const e of edges) {
        const j = graph.model.edges[e * 3 + (w === 'upstream' ? 1 : 0)]!;
        if (!seen.has(j)) {
          seen.add(j);
          stack.push(j);
        }
      }
    }
  }
  return seen;
}

/** The ids matching a search: every word of `query` in `id title`, case-insensitive. */
export function search(graph: Graph, query: string, limit: number): { matches: number[]; total: number } {
  const words = query.toLowerCase().split(/\s+/).filter((w) => w !== '');
  const matches: number[] = [];
  let total = 0;
  if (words.length === 0) return { matches, total };
  const exact = graph.byId.get(query.trim());
  if (exact !== undefined) matches.push(exact);
  for (let i = 0; i < graph.n; i += 1) {
    const text = graph.haystack[i]!;
    if (words.every((w) => text.includes(w))) {
      total += 1;
      if (i !== exact && matches.length < limit) matches.push(i);
    }
  }
  return { matches, total };
}

/**
 * META-01 §4: cycles, with Tarjan's strongly connected components over the whole graph.
 * Every component of more than one node, and every node with a self-edge, is one cycle.
 */
import type { Graph } from './build-graph.js';
import { sortStrings } from '../shared/sort.js';
import type { Cycle, Diagnostic, DocNode } from '../shared/types.js';

export interface Cycles {
  /** Cyclic components, sorted by their smallest id. */
  readonly cycles: readonly Cycle[];
  /** One `LINK_CYCLE` per cycle. */
  readonly diagnostics: readonly Diagnostic[];
}

/** Finds every cycle of `graph`; `nodes` gives paths and lines for the diagnostics. */
export function findCycles(graph: Pick<Graph, 'ids' | 'upstream'>, nodes: ReadonlyMap<string, DocNode>): Cycles {
  const cycles: Cycle[] = [];
  for (const component of stronglyConnectedComponents(graph.ids, graph.upstream)) {
    const ids = component.length === 1 ? component : sortStrings(component);
    const first = ids[0]!;
    const selfEdge = (graph.upstream.get(first) ?? []).includes(first);
    if (ids.length === 1 && !selfEdge) continue;
    cycles.push({ ids, path: concreteCycle(first, new Set(ids), graph.upstream) });
  }
  cycles.sort((a, b) => (a.ids[0]! < b.ids[0]! ? -1 : a.ids[0]! > b.ids[0]! ? 1 : 0));
  const diagnostics = cycles.map((cycle): Diagnostic => {
    const [first, second] = cycle.path as [string, string];
    const node = nodes.get(first)!;
    const index = node.dependsOn.indexOf(second);
    return {
      code: 'LINK_CYCLE',
      message: `dependency cycle among ${cycle.ids.join(', ')}: ${cycle.path.join(' -> ')}`,
      nodeId: first,
      path: node.path,
      line: node.dependsOnLines[index] ?? null,
    };
  });
  return { cycles, diagnostics };
}

/**
 * Tarjan's algorithm, iterative so that deep graphs cannot overflow the stack.
 * Visits ids and their neighbours in the given (sorted) order.
 */
export function stronglyConnectedComponents(
  ids: readonly string[],
  edges: ReadonlyMap<string, readonly string[]>,
): string[][] {
  // Each id gets its visit number once; `low` and the stack flags are arrays over those numbers.
  const index = new Map<string, number>();
  const low: number[] = [];
  const onStack: boolean[] = [];
  const stack: string[] = [];
  const stackAt: number[] = [];
  const components: string[][] = [];
  const work: { id: string; at: number; neighbours: readonly string[]; next: number }[] = [];
  const visit = (id: string): void => {
    const at = low.length;
    index.set(id, at);
    low.push(at);
    onStack.push(true);
    stack.push(id);
    stackAt.push(at);
    work.push({ id, at, neighbours: edges.get(id) ?? [], next: 0 });
  };
  for (const start of ids) {
    if (index.has(start)) continue;
    visit(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      if (frame.next < frame.neighbours.length) {
        const next = frame.neighbours[frame.next]!;
        frame.next += 1;
        const seen = index.get(next);
        if (seen === undefined) visit(next);
        else if (onStack[seen] === true && seen < low[frame.at]!) low[frame.at] = seen;
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined && low[frame.at]! < low[parent.at]!) low[parent.at] = low[frame.at]!;
      if (low[frame.at] === frame.at) {
        const component: string[] = [];
        let member: number;
        do {
          member = stackAt.pop()!;
          onStack[member] = false;
          component.push(stack.pop()!);
        } while (member !== frame.at);
        components.push(component);
      }
    }
  }
  return components;
}

/**
 * The shortest cycle from `start` back to itself inside `members` (breadth-first, neighbours
 * in sorted order, so the same graph always gives the same cycle). A component of several
 * nodes shows a cycle through several nodes, even when `start` also has a self-edge.
 */
function concreteCycle(start: string, members: ReadonlySet<string>, edges: ReadonlyMap<string, readonly string[]>): string[] {
  if (members.size === 1) return [start, start];
  const parent = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length; head += 1) {
    const id = queue[head]!;
    for (const next of edges.get(id) ?? []) {
      if (!members.has(next) || next === id) continue;
      if (next === start) {
        const path = [start];
        for (let at: string | undefined = id; at !== start && at !== undefined; at = parent.get(at)) path.push(at);
        path.push(start);
        // `path` holds start, then the walk back from `id`; put the middle in forward order.
        return [start, ...path.slice(1, -1).reverse(), start];
      }
      if (!parent.has(next) && next !== start) {
        parent.set(next, id);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/**
 * Which ids have a cycle in their upstream closure: every cycle member and everything
 * downstream of one. Cycles are taken in order of their smallest id, so each id gets the
 * first such cycle; a walk stops at ids already marked (their dependents are marked too).
 */
export function cyclesUpstream(cycles: readonly Cycle[], downstream: ReadonlyMap<string, readonly string[]>): Map<string, Cycle> {
  const marked = new Map<string, Cycle>();
  for (const cycle of cycles) {
    const queue = cycle.ids.filter((id) => !marked.has(id));
    for (const id of queue) marked.set(id, cycle);
    for (let head = 0; head < queue.length; head += 1) {
      for (const next of downstream.get(queue[head]!) ?? []) {
        if (marked.has(next)) continue;
        marked.set(next, cycle);
        queue.push(next);
      }
    }
  }
  return marked;
}

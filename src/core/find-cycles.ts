/**
 * META-01 §4: cycles, with Tarjan's strongly connected components over the whole graph.
 * Every component of more than one node, and every node with a self-edge, is one cycle.
 */
import type { Graph } from './build-graph.js';
import { sortStrings } from './sort.js';
import type { Cycle, Diagnostic, DocNode } from './types.js';

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
    const ids = sortStrings(component);
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
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const start of ids) {
    if (index.has(start)) continue;
    const work: { id: string; next: number }[] = [{ id: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter);
    counter += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const neighbours = edges.get(frame.id) ?? [];
      if (frame.next < neighbours.length) {
        const next = neighbours[frame.next]!;
        frame.next += 1;
        if (!index.has(next)) {
          index.set(next, counter);
          low.set(next, counter);
          counter += 1;
          stack.push(next);
          onStack.add(next);
          work.push({ id: next, next: 0 });
        } else if (onStack.has(next)) {
          low.set(frame.id, Math.min(low.get(frame.id)!, index.get(next)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) low.set(parent.id, Math.min(low.get(parent.id)!, low.get(frame.id)!));
      if (low.get(frame.id) === index.get(frame.id)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.id);
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

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

/**
 * Finds every cycle of `graph`; `nodes` gives paths and lines for the diagnostics. The walk
 * reads the graph's place edges: a workspace without cycles allocates nothing per node.
 */
export function findCycles(graph: Pick<Graph, 'ids' | 'upstream' | 'placeEdges'>, nodes: ReadonlyMap<string, DocNode>): Cycles {
  const { ids } = graph;
  const { upStart, upList } = graph.placeEdges;
  const { members, starts } = componentsByPlace(upStart, upList);
  const cycles: Cycle[] = [];
  for (let c = 0; c + 1 < starts.length; c += 1) {
    const from = starts[c]!;
    const size = starts[c + 1]! - from;
    if (size === 1 && !hasSelfEdge(upStart, upList, members[from]!)) continue;
    const found: string[] = [];
    for (let k = from; k < from + size; k += 1) found.push(ids[members[k]!]!);
    const sorted = size === 1 ? found : sortStrings(found);
    cycles.push({ ids: sorted, path: concreteCycle(sorted[0]!, new Set(sorted), graph.upstream) });
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

function hasSelfEdge(upStart: Int32Array, upList: Int32Array, place: number): boolean {
  for (let k = upStart[place]!; k < upStart[place + 1]!; k += 1) if (upList[k] === place) return true;
  return false;
}

/**
 * The strongly connected components of the graph whose node `i` has the edges
 * `upList[upStart[i] .. upStart[i + 1])`: Tarjan's algorithm, iterative so that deep graphs
 * cannot overflow the stack, over typed arrays only. Component `c` is
 * `members[starts[c] .. starts[c + 1])`, in the order Tarjan closes them.
 */
export function componentsByPlace(upStart: Int32Array, upList: Int32Array): { members: Int32Array; starts: Int32Array } {
  const n = upStart.length - 1;
  // The visit number of each place (-1: not visited), and the smallest one reachable (`low`, by visit number).
  const order = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack = new Int32Array(n);
  let stackSize = 0;
  // The walk's frames: a place and the next of its edges to follow.
  const framePlace = new Int32Array(n);
  const frameNext = new Int32Array(n);
  let depth = 0;
  const members = new Int32Array(n);
  let closed = 0;
  const starts = new Int32Array(n + 1);
  let count = 0;
  let visited = 0;
  const visit = (place: number): void => {
    order[place] = visited;
    low[visited] = visited;
    visited += 1;
    onStack[place] = 1;
    stack[stackSize++] = place;
    framePlace[depth] = place;
    frameNext[depth] = upStart[place]!;
    depth += 1;
  };
  for (let start = 0; start < n; start += 1) {
    if (order[start] !== -1) continue;
    visit(start);
    while (depth > 0) {
      const place = framePlace[depth - 1]!;
      const at = order[place]!;
      const next = frameNext[depth - 1]!;
      if (next < upStart[place + 1]!) {
        frameNext[depth - 1] = next + 1;
        const to = upList[next]!;
        const seen = order[to]!;
        if (seen === -1) visit(to);
        else if (onStack[to] === 1 && seen < low[at]!) low[at] = seen;
        continue;
      }
      depth -= 1;
      if (depth > 0) {
        const parent = order[framePlace[depth - 1]!]!;
        if (low[at]! < low[parent]!) low[parent] = low[at]!;
      }
      if (low[at] === at) {
        let member: number;
        do {
          member = stack[--stackSize]!;
          onStack[member] = 0;
          members[closed++] = member;
        } while (member !== place);
        starts[++count] = closed;
      }
    }
  }
  return { members, starts: starts.subarray(0, count + 1) };
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

/** Each id of a cycle, with its cycle. */
export function cyclesById(cycles: readonly Cycle[]): Map<string, Cycle> {
  const cycleOf = new Map<string, Cycle>();
  for (const cycle of cycles) for (const id of cycle.ids) cycleOf.set(id, cycle);
  return cycleOf;
}

/**
 * Which ids have a cycle in their upstream closure: every cycle member and everything
 * downstream of one. Cycles are taken in order of their smallest id, so each id gets the
 * first such cycle; a walk over the place edges stops at ids already marked (their dependents
 * are marked too).
 */
export function cyclesUpstream(cycles: readonly Cycle[], graph: Pick<Graph, 'ids' | 'placeOf' | 'placeEdges'>): Map<string, Cycle> {
  const marked = new Map<string, Cycle>();
  if (cycles.length === 0) return marked;
  const { ids, placeOf } = graph;
  const { downStart, downList } = graph.placeEdges;
  const seen = new Uint8Array(ids.length);
  const queue = new Int32Array(ids.length);
  const mark = (at: number, cycle: Cycle): boolean => {
    if (seen[at] === 1) return false;
    seen[at] = 1;
    marked.set(ids[at]!, cycle);
    return true;
  };
  for (const cycle of cycles) {
    let tail = 0;
    for (const id of cycle.ids) {
      const at = placeOf.get(id)!;
      if (mark(at, cycle)) queue[tail++] = at;
    }
    for (let head = 0; head < tail; head += 1) {
      const from = queue[head]!;
      for (let k = downStart[from]!; k < downStart[from + 1]!; k += 1) if (mark(downList[k]!, cycle)) queue[tail++] = downList[k]!;
    }
  }
  return marked;
}

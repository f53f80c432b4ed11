/**
 * The graph stages and the work states of an assembly as plain data, and back (issue 38): the
 * on-disk index keeps them beside the files, and an assembly of the index's own state — the
 * same analyses, so the same nodes — takes them instead of building the graph, finding its
 * cycles and working out the states again. The live index decides when that holds
 * (live/workspace-index.ts, live/warm-patch.ts); on the way back this module checks that the
 * data fit the nodes (the index is data, never trusted): data that do not fit are no error,
 * the stages are worked out as on any load.
 */
import { graphOf, type BrokenTarget, type Graph } from './build-graph.js';
import { cyclesById, cyclesUpstream, type Cycles } from './find-cycles.js';
import { DROPPED, noteMissing, StateMap } from './state-map.js';
import { LazyMap } from '../shared/lazy-map.js';
import { SortedPlaces } from '../shared/sorted-places.js';
import type { WorkStates } from './work-state.js';
import type { Cycle, Diagnostic, DocNode } from '../shared/types.js';

export interface KeptStages {
  /** Each node's place in the sorted ids, in the order the node map lists the nodes. */
  readonly order: Int32Array;
  /** The graph's up edges by place (`PlaceEdges` in build-graph.ts). */
  readonly upStart: Int32Array;
  readonly upList: Int32Array;
  readonly graphDiagnostics: readonly Diagnostic[];
  readonly broken: readonly BrokenTarget[];
  readonly cycles: readonly Cycle[];
  readonly cycleDiagnostics: readonly Diagnostic[];
  /** The state map's arrays by place (state-map.ts). */
  readonly local: Uint8Array;
  readonly blocked: Uint8Array;
  readonly stateDiagnostics: readonly Diagnostic[];
}

/** What the graph and state stages made of a node set. */
export interface MadeStages {
  readonly nodes: ReadonlyMap<string, DocNode>;
  readonly graph: Graph;
  readonly cycles: Cycles;
  readonly cycleOf: ReadonlyMap<string, Cycle>;
  readonly cycleUpstream: ReadonlyMap<string, Cycle>;
  readonly states: WorkStates;
}

/** The stages as data; `null` when the states are not the state stage's own arrays over the graph's ids. */
export function keepStages(made: MadeStages): KeptStages | null {
  const { nodes, graph, cycles, states } = made;
  const map = states.states;
  if (!(map instanceof StateMap) || map.places.ids !== graph.ids || nodes.size !== graph.ids.length) return null;
  const order = new Int32Array(nodes.size);
  let k = 0;
  for (const id of nodes.keys()) order[k++] = graph.placeOf.get(id)!;
  const { upStart, upList } = graph.placeEdges;
  return { order, upStart, upList, graphDiagnostics: graph.diagnostics, broken: graph.broken, cycles: cycles.cycles, cycleDiagnostics: cycles.diagnostics, local: map.places.local, blocked: map.places.blocked, stateDiagnostics: states.diagnostics };
}

/** The stages of `nodes` from `kept`, when the data fit them (every place once, the ids in order, edges and states in range); else `null`. */
export function restoreStages(kept: KeptStages, nodes: ReadonlyMap<string, DocNode>): Omit<MadeStages, 'nodes'> | null {
  const n = nodes.size;
  const { order, upStart, upList, local, blocked } = kept;
  if (order.length !== n || upStart.length !== n + 1 || local.length !== n || blocked.length !== n || !edgesFit(upStart, upList, n)) return null;
  const ids = new Array<string>(n).fill('');
  const seen = new Uint8Array(n);
  let k = 0;
  for (const id of nodes.keys()) {
    const place = order[k++]!;
    if (!(place >= 0 && place < n) || seen[place] === 1) return null;
    seen[place] = 1;
    ids[place] = id;
  }
  // Code-unit order, each id once: the ids `buildGraph` sorts.
  for (let i = 1; i < n; i += 1) if (!(ids[i - 1]! < ids[i]!)) return null;
  for (let i = 0; i < n; i += 1) if (local[i]! > DROPPED || blocked[i]! > 1) return null;
  // By binary search in the ids just checked to be in order (no map of 100,000 ids filled at every start).
  const placeOf = new SortedPlaces(ids);
  // By index, not `every` (which skips a sparse list's holes).
  const known = (ids: readonly string[]): boolean => {
    for (let i = 0; i < ids.length; i += 1) if (!placeOf.has(ids[i]!)) return false;
    return true;
  };
  for (const cycle of kept.cycles) if (cycle.ids.length === 0 || !known(cycle.ids) || !known(cycle.path)) return null;
  const graph = graphOf(ids, placeOf, upStart, upList, kept.graphDiagnostics, kept.broken);
  const cycleOf = cyclesById(kept.cycles);
  // The entries naming no node, of the blocked nodes that have some (as `placesOf` finds them).
  const missing = new Map<number, readonly string[]>();
  for (let i = 0; i < n; i += 1) {
    if (blocked[i] !== 1) continue;
    noteMissing(missing, i, nodes.get(ids[i]!)!.dependsOn, upStart[i + 1]! - upStart[i]!, nodes);
  }
  const states = new StateMap({ ids, placeOf, missing, upstream: graph.upstream, cycleOf, local, blocked, edges: graph.placeEdges });
  return { graph, cycles: { cycles: kept.cycles, diagnostics: kept.cycleDiagnostics }, cycleOf, cycleUpstream: new LazyMap(() => cyclesUpstream(kept.cycles, graph)), states: { states, diagnostics: kept.stateDiagnostics } };
}

/** Whether `upStart`/`upList` are up edges over `n` places: from 0 to the list's end, never back, each node's places in range and ascending. */
function edgesFit(upStart: Int32Array, upList: Int32Array, n: number): boolean {
  if (upStart[0] !== 0 || upStart[n] !== upList.length) return false;
  for (let i = 0; i < n; i += 1) {
    const from = upStart[i]!;
    const to = upStart[i + 1]!;
    if (to < from) return false;
    for (let j = from; j < to; j += 1) {
      const at = upList[j]!;
      if (at < 0 || at >= n || (j > from && at <= upList[j - 1]!)) return false;
    }
  }
  return true;
}

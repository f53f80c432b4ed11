/**
 * TRACE §2: every node's work state — `dropped` (its status says so, or some node supersedes
 * it), `untracked` (no status), `done`, `blocked` (with what blocks it), else `ready` — and
 * the warnings `DEPENDS_ON_DROPPED` and `STATUS_INCONSISTENT`. Statuses are compared in
 * their normal form. One pass over the nodes and their `depends_on` edges.
 */
import type { StatusWords } from '../shared/config-types.js';
import { groupThousands, listCapped, MAX_FINDINGS_PER_NODE } from '../shared/cap.js';
import { echo } from '../shared/errors.js';
import { compareDiagnostics } from '../shared/sort.js';
import { normalStatus } from '../shared/relations.js';
import type { Cycle, Diagnostic, DocNode, NodeState, RelationEdge } from '../shared/types.js';
import { DONE, DROPPED, noteMissing, OPEN, StateMap, UNTRACKED, type StatePlaces } from './state-map.js';
import type { PlaceEdges } from './build-graph.js';

export interface WorkStates {
  readonly states: ReadonlyMap<string, NodeState>;
  /** `DEPENDS_ON_DROPPED` and `STATUS_INCONSISTENT`, sorted as the report is. */
  readonly diagnostics: readonly Diagnostic[];
}

/** What the state stage reads of the graph stages. */
export interface StateInputs {
  readonly ids: readonly string[];
  /** Each id's place in `ids` (the graph's own, when it has one); made when absent. */
  readonly placeOf?: ReadonlyMap<string, number>;
  /** The edges by place (the graph's); absent: found through the maps. */
  readonly placeEdges?: PlaceEdges;
  readonly upstream: ReadonlyMap<string, readonly string[]>;
  readonly cycleOf: ReadonlyMap<string, Cycle>;
  readonly relationsIn: ReadonlyMap<string, readonly RelationEdge[]>;
}

/** A status's local state, through its normal form (memoised: a workspace has few distinct statuses). */
function classifier(words: StatusWords): (status: string | null) => number {
  const done = new Set(words.done);
  const dropped = new Set(words.dropped);
  const memo = new Map<string, number>();
  return (status) => {
    if (status === null) return UNTRACKED;
    let local = memo.get(status);
    if (local === undefined) {
      const form = normalStatus(status);
      local = form === '' ? UNTRACKED : dropped.has(form) ? DROPPED : done.has(form) ? DONE : OPEN;
      memo.set(status, local);
    }
    return local;
  };
}

/** The ids that supersede `id`, sorted (empty when none does). */
function supersededBy(relationsIn: StateInputs['relationsIn'], id: string): string[] {
  const by: string[] = [];
  for (const edge of relationsIn.get(id) ?? []) if (edge.relation === 'supersedes') by.push(edge.id);
  return by;
}

/**
 * The local states and whether open work is blocked, by place in `ids`: one map lookup per
 * node and per edge. Open work is blocked by an unsettled dependency (itself excepted: that
 * is its cycle), an entry naming no node, or a cycle — all known from the local states.
 */
function placesOf(nodes: ReadonlyMap<string, DocNode>, graph: StateInputs, words: StatusWords): StatePlaces {
  const classify = classifier(words);
  const { ids, upstream, cycleOf, relationsIn } = graph;
  const n = ids.length;
  let placeOf = graph.placeOf;
  if (placeOf === undefined) {
    const made = new Map<string, number>();
    for (let i = 0; i < n; i += 1) made.set(ids[i]!, i);
    placeOf = made;
  }
  const local = new Uint8Array(n);
  for (let i = 0; i < n; i += 1) {
    const id = ids[i]!;
    // Superseded (TRACE §1) is dropped, whatever the status says: the first rule of §2.
    local[i] = relationsIn.size > 0 && supersededBy(relationsIn, id).length > 0 ? DROPPED : classify(nodes.get(id)!.status);
  }
  const blocked = new Uint8Array(n);
  const missing = new Map<number, readonly string[]>();
  const edges = graph.placeEdges ?? null;
  for (let i = 0; i < n; i += 1) {
    if (local[i] !== OPEN) continue;
    const id = ids[i]!;
    const deps = edges === null ? upstream.get(id)! : null;
    const count = deps === null ? edges!.upStart[i + 1]! - edges!.upStart[i]! : deps.length;
    const { dependsOn } = nodes.get(id)!;
    noteMissing(missing, i, dependsOn, count, nodes);
    let isBlocked = count < dependsOn.length || (cycleOf.size > 0 && cycleOf.has(id));
    for (let k = 0; k < count && !isBlocked; k += 1) {
      const at = deps === null ? edges!.upList[edges!.upStart[i]! + k]! : placeOf.get(deps[k]!)!;
      isBlocked = at !== i && local[at]! > UNTRACKED;
    }
    blocked[i] = isBlocked ? 1 : 0;
  }
  return { ids, placeOf, missing, upstream, cycleOf, local, blocked, edges };
}

/** Whether the node at `i` depends on open work (by place; `true` when there are no place edges: look through the maps). */
function hasOpenDependency(places: StatePlaces, i: number): boolean {
  return anyDependency(places, i, (at) => places.local[at] === OPEN);
}

/** Whether the node at `i` depends on dropped work (the same way). */
function hasDroppedDependency(places: StatePlaces, i: number): boolean {
  return anyDependency(places, i, (at) => places.local[at] === DROPPED);
}

function anyDependency(places: StatePlaces, i: number, test: (at: number) => boolean): boolean {
  const { edges } = places;
  if (edges === null) return true;
  for (let k = edges.upStart[i]!; k < edges.upStart[i + 1]!; k += 1) if (edges.upList[k] !== i && test(edges.upList[k]!)) return true;
  return false;
}

export function computeStates(nodes: ReadonlyMap<string, DocNode>, graph: StateInputs, words: StatusWords): WorkStates {
  const places = placesOf(nodes, graph, words);
  const { ids, placeOf, upstream, local, blocked } = places;
  const diagnostics: Diagnostic[] = [];
  // The two warnings look at the edges of done work and of blocked work only.
  for (let i = 0; i < ids.length; i += 1) {
    const l = local[i]!;
    if (l !== DONE && !(l === OPEN && blocked[i] === 1)) continue;
    // By place first: most done and blocked work has nothing to report, and needs no map lookup.
    if (l === DONE ? !hasOpenDependency(places, i) : !hasDroppedDependency(places, i)) continue;
    const node = nodes.get(ids[i]!)!;
    let reported = 0;
    let more = 0;
    let firstMore = '';
    for (const dep of upstream.get(ids[i]!)!) {
      const at = placeOf.get(dep)!;
      if (at === i || local[at] !== (l === DONE ? OPEN : DROPPED)) continue;
      // Past the cap, counted (an item's ranges can name hundreds of tasks): one finding says how many.
      if (reported === MAX_FINDINGS_PER_NODE) {
        if (more === 0) firstMore = dep;
        more += 1;
        continue;
      }
      reported += 1;
      if (l === DONE) diagnostics.push(inconsistent(node, dep, blocked[at] === 1 ? 'blocked' : 'ready'));
      else diagnostics.push(dependsOnDropped(node, dep, nodes.get(dep)!, supersededBy(graph.relationsIn, dep)));
    }
    if (more > 0) diagnostics.push(moreFindings(node, l === DONE, more, firstMore));
  }
  // In the report's order (found in the ids' order): the report then merges sorted runs, at a warm start too (the index keeps them as they are).
  diagnostics.sort(compareDiagnostics);
  return { states: new StateMap(places), diagnostics };
}

/** Where `node` lists `dep`: the line and the key. */
function entryOf(node: DocNode, dep: string): { line: number; key: string } {
  const index = node.dependsOn.indexOf(dep);
  return { line: node.dependsOnLines[index] ?? 1, key: node.dependsOnKeys?.[index] ?? 'depends_on' };
}

function dependsOnDropped(node: DocNode, dep: string, target: DocNode, by: readonly string[]): Diagnostic {
  const { line, key } = entryOf(node, dep);
  const message =
    by.length > 0
      ? `\`${node.id}\` is open work, but its \`${key}\` names \`${dep}\`, which is superseded by ${listCapped(by.map((id) => `\`${id}\``), by.length)}; depend on ${by.length === 1 ? 'it' : 'one of them'} instead`
      : `\`${node.id}\` is open work, but its \`${key}\` names \`${dep}\`, which is dropped (status \`${echo(target.status ?? '')}\`); remove the dependency, or reopen \`${dep}\``;
  return { code: 'DEPENDS_ON_DROPPED', message, nodeId: node.id, path: node.path, line };
}

/** The one finding that stands for `more` findings of `node` past `MAX_FINDINGS_PER_NODE`, at the line of the first of them (`first`). */
function moreFindings(node: DocNode, done: boolean, more: number, first: string): Diagnostic {
  const what = done ? 'dependencies that are still open' : 'dependencies that are dropped';
  return {
    code: done ? 'STATUS_INCONSISTENT' : 'DEPENDS_ON_DROPPED',
    message: `\`${node.id}\` has ${groupThousands(more)} more ${what}, not listed one by one (the first: \`${first}\`); settle the ${MAX_FINDINGS_PER_NODE} that are listed, then validate again`,
    nodeId: node.id,
    path: node.path,
    line: entryOf(node, first).line,
  };
}

function inconsistent(node: DocNode, dep: string, state: 'ready' | 'blocked'): Diagnostic {
  const { line, key } = entryOf(node, dep);
  return {
    code: 'STATUS_INCONSISTENT',
    message: `\`${node.id}\` is done (status \`${echo(node.status ?? '')}\`), but its \`${key}\` names \`${dep}\`, which is still open (${state}); finish \`${dep}\`, or reopen \`${node.id}\``,
    nodeId: node.id,
    path: node.path,
    line,
  };
}

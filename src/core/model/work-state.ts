/**
 * TRACE §2: every node's work state — `dropped` (its status says so, or some node supersedes
 * it), `untracked` (no status), `done`, `blocked` (with what blocks it), else `ready` — and
 * the warnings `DEPENDS_ON_DROPPED` and `STATUS_INCONSISTENT`. Statuses are compared in
 * their normal form. One pass over the nodes and their `depends_on` edges.
 */
import type { StatusWords } from '../shared/config-types.js';
import { listCapped } from '../shared/cap.js';
import { echo } from '../shared/errors.js';
import { normalStatus, type WorkState } from '../shared/relations.js';
import { compareStrings } from '../shared/sort.js';
import type { Blocker, Cycle, Diagnostic, DocNode, NodeState, RelationEdge } from '../shared/types.js';

export interface WorkStates {
  readonly states: ReadonlyMap<string, NodeState>;
  /** `DEPENDS_ON_DROPPED` and `STATUS_INCONSISTENT`. */
  readonly diagnostics: readonly Diagnostic[];
}

/** What the state stage reads of the graph stages. */
export interface StateInputs {
  readonly ids: readonly string[];
  readonly upstream: ReadonlyMap<string, readonly string[]>;
  readonly cycleOf: ReadonlyMap<string, Cycle>;
  readonly relationsIn: ReadonlyMap<string, readonly RelationEdge[]>;
}

const NONE: readonly Blocker[] = Object.freeze([]);
const SETTLED: Readonly<Record<Exclude<WorkState, 'blocked'>, NodeState>> = {
  ready: Object.freeze({ state: 'ready', blockedBy: NONE }),
  done: Object.freeze({ state: 'done', blockedBy: NONE }),
  dropped: Object.freeze({ state: 'dropped', blockedBy: NONE }),
  untracked: Object.freeze({ state: 'untracked', blockedBy: NONE }),
};

/** What a node's own fields decide (everything but blocked or ready, which is `OPEN`); settled ones are at most `UNTRACKED`. */
const DONE = 0;
const UNTRACKED = 1;
const OPEN = 2;
const DROPPED = 3;

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

/** The nodes by place in `ids`, with their local states and whether open work is blocked: one map lookup per node and per edge. */
interface Places {
  readonly placeOf: ReadonlyMap<string, number>;
  readonly nodeAt: readonly DocNode[];
  readonly depsAt: readonly (readonly string[])[];
  readonly local: Uint8Array;
  readonly blocked: Uint8Array;
}

function classifyAll(nodes: ReadonlyMap<string, DocNode>, graph: StateInputs, words: StatusWords): Places {
  const classify = classifier(words);
  const { ids, upstream, cycleOf, relationsIn } = graph;
  const n = ids.length;
  const placeOf = new Map<string, number>();
  const nodeAt = new Array<DocNode>(n);
  const depsAt = new Array<readonly string[]>(n);
  const local = new Uint8Array(n);
  for (let i = 0; i < n; i += 1) {
    const id = ids[i]!;
    placeOf.set(id, i);
    nodeAt[i] = nodes.get(id)!;
    depsAt[i] = upstream.get(id)!;
    // Superseded (TRACE §1) is dropped, whatever the status says: the first rule of §2.
    local[i] = relationsIn.size > 0 && supersededBy(relationsIn, id).length > 0 ? DROPPED : classify(nodeAt[i]!.status);
  }
  // Open work is blocked by an unsettled dependency (itself excepted: that is its cycle), an
  // entry naming no node, or a cycle: all known from the local states, so one pass decides it.
  const blocked = new Uint8Array(n);
  for (let i = 0; i < n; i += 1) {
    if (local[i] !== OPEN) continue;
    const deps = depsAt[i]!;
    let isBlocked = deps.length < nodeAt[i]!.dependsOn.length || (cycleOf.size > 0 && cycleOf.has(ids[i]!));
    for (let k = 0; k < deps.length && !isBlocked; k += 1) {
      const at = placeOf.get(deps[k]!)!;
      isBlocked = at !== i && local[at]! > UNTRACKED;
    }
    blocked[i] = isBlocked ? 1 : 0;
  }
  return { placeOf, nodeAt, depsAt, local, blocked };
}

export function computeStates(nodes: ReadonlyMap<string, DocNode>, graph: StateInputs, words: StatusWords): WorkStates {
  const { placeOf, nodeAt, depsAt, local, blocked } = classifyAll(nodes, graph, words);
  const states = new Map<string, NodeState>();
  const diagnostics: Diagnostic[] = [];
  const stateAt = (at: number): 'ready' | 'blocked' | 'dropped' => (local[at] === DROPPED ? 'dropped' : blocked[at] === 1 ? 'blocked' : 'ready');
  for (let i = 0; i < graph.ids.length; i += 1) {
    const id = graph.ids[i]!;
    const l = local[i]!;
    const node = nodeAt[i]!;
    const deps = depsAt[i]!;
    if (l === DONE) {
      states.set(id, SETTLED.done);
      for (const dep of deps) {
        const at = placeOf.get(dep)!;
        if (local[at] === OPEN && at !== i) diagnostics.push(inconsistent(node, dep, blocked[at] === 1 ? 'blocked' : 'ready'));
      }
    } else if (l !== OPEN) {
      states.set(id, l === DROPPED ? SETTLED.dropped : SETTLED.untracked);
    } else if (blocked[i] === 0) {
      states.set(id, SETTLED.ready);
    } else {
      const blockers: Blocker[] = [];
      for (const dep of deps) {
        const at = placeOf.get(dep)!;
        if (at === i || local[at]! <= UNTRACKED) continue;
        if (local[at] === DROPPED) diagnostics.push(dependsOnDropped(node, dep, nodeAt[at]!, supersededBy(graph.relationsIn, dep)));
        blockers.push({ id: dep, state: stateAt(at) });
      }
      if (deps.length < node.dependsOn.length) for (const entry of node.dependsOn) if (!nodes.has(entry)) blockers.push({ id: entry, state: 'missing' });
      const cycle = graph.cycleOf.size > 0 ? graph.cycleOf.get(id) : undefined;
      if (cycle !== undefined) blockers.push({ id: cycle.ids[0]!, state: 'cycle' });
      if (blockers.length > 1) blockers.sort((a, b) => compareStrings(a.id, b.id) || compareStrings(a.state, b.state));
      states.set(id, { state: 'blocked', blockedBy: blockers });
    }
  }
  return { states, diagnostics };
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

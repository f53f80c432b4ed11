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

/** What a node's own fields decide: everything but blocked or ready (`open`). */
type Local = 'dropped' | 'untracked' | 'done' | 'open';

/** The words of `words` as sets, and each status met so far in normal form (a workspace has few distinct ones). */
function classifier(words: StatusWords): (status: string | null) => Exclude<Local, 'dropped'> | 'dropped-status' {
  const done = new Set(words.done);
  const dropped = new Set(words.dropped);
  const memo = new Map<string, Exclude<Local, 'dropped'> | 'dropped-status'>();
  return (status) => {
    if (status === null) return 'untracked';
    let local = memo.get(status);
    if (local === undefined) {
      const form = normalStatus(status);
      local = form === '' ? 'untracked' : dropped.has(form) ? 'dropped-status' : done.has(form) ? 'done' : 'open';
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

export function computeStates(nodes: ReadonlyMap<string, DocNode>, graph: StateInputs, words: StatusWords): WorkStates {
  const classify = classifier(words);
  const local = new Map<string, Local>();
  for (const id of graph.ids) {
    const own = classify(nodes.get(id)!.status);
    // Superseded (TRACE §1) is dropped, whatever the status says; the first rule of §2.
    local.set(id, own === 'dropped-status' || (graph.relationsIn.has(id) && supersededBy(graph.relationsIn, id).length > 0) ? 'dropped' : own);
  }
  const settled = (id: string) => {
    const l = local.get(id);
    return l === 'done' || l === 'untracked';
  };
  // Open work is blocked by an unsettled dependency (itself excepted: that is its cycle), an
  // entry naming no node, or a cycle: all known from the local states, so one pass decides it.
  const blocked = new Set<string>();
  for (const id of graph.ids) {
    if (local.get(id) !== 'open') continue;
    const deps = graph.upstream.get(id)!;
    if (graph.cycleOf.has(id) || deps.length < nodes.get(id)!.dependsOn.length || deps.some((dep) => dep !== id && !settled(dep))) blocked.add(id);
  }
  const states = new Map<string, NodeState>();
  const diagnostics: Diagnostic[] = [];
  for (const id of graph.ids) {
    const l = local.get(id)!;
    const node = nodes.get(id)!;
    const deps = graph.upstream.get(id)!;
    if (l === 'done') {
      states.set(id, SETTLED.done);
      for (const dep of deps) if (local.get(dep) === 'open' && dep !== id) diagnostics.push(inconsistent(node, dep, blocked.has(dep) ? 'blocked' : 'ready'));
      continue;
    }
    if (l !== 'open') {
      states.set(id, SETTLED[l]);
      continue;
    }
    for (const dep of deps) if (local.get(dep) === 'dropped') diagnostics.push(dependsOnDropped(node, dep, nodes.get(dep)!, supersededBy(graph.relationsIn, dep)));
    if (!blocked.has(id)) {
      states.set(id, SETTLED.ready);
      continue;
    }
    states.set(id, { state: 'blocked', blockedBy: blockersOf(id, node, deps, nodes, local, blocked, graph.cycleOf) });
  }
  return { states, diagnostics };
}

function blockersOf(id: string, node: DocNode, deps: readonly string[], nodes: ReadonlyMap<string, DocNode>, local: ReadonlyMap<string, Local>, blocked: ReadonlySet<string>, cycleOf: ReadonlyMap<string, Cycle>): Blocker[] {
  const blockers: Blocker[] = [];
  for (const dep of deps) {
    if (dep === id) continue;
    const l = local.get(dep)!;
    if (l === 'dropped') blockers.push({ id: dep, state: 'dropped' });
    else if (l === 'open') blockers.push({ id: dep, state: blocked.has(dep) ? 'blocked' : 'ready' });
  }
  if (deps.length < node.dependsOn.length) for (const entry of node.dependsOn) if (!nodes.has(entry)) blockers.push({ id: entry, state: 'missing' });
  const cycle = cycleOf.get(id);
  if (cycle !== undefined) blockers.push({ id: cycle.ids[0]!, state: 'cycle' });
  return blockers.sort((a, b) => compareStrings(a.id, b.id) || compareStrings(a.state, b.state));
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

/**
 * The context relations (TRACE §1: `depends_on`, `implements`, `verifies`, `refines`) as one
 * graph for bundles and impact: each node's neighbours over all of them, each once, and which
 * relations join two nodes. A workspace without typed relations is its `depends_on` graph.
 */
import { CONTEXT_PHRASES, isContextRelation, relationRank, type ContextRelation } from '../shared/relations.js';
import { compareStrings } from '../shared/sort.js';
import { StringHeap } from '../shared/string-heap.js';
import type { RelationEdge, Workspace } from '../shared/types.js';
import { walkFrom } from './walk-graph.js';

/** The ids `id` reaches over the context relations, upstream (what it depends on, implements, …) or downstream, sorted, each once. */
export function contextNeighbours(workspace: Workspace, id: string, direction: 'upstream' | 'downstream'): readonly string[] {
  const plain = (direction === 'upstream' ? workspace.upstream : workspace.downstream).get(id) ?? [];
  const typed = (direction === 'upstream' ? workspace.relationsOut : workspace.relationsIn).get(id);
  if (typed === undefined) return plain;
  const all = new Set(plain);
  for (const edge of typed) if (isContextRelation(edge.relation)) all.add(edge.id);
  return all.size === plain.length ? plain : [...all].sort(compareStrings);
}

/** Breadth-first depths over the context relations from `start`, one level past `limit` at most. */
export function contextWalk(workspace: Workspace, start: string, limit: number, direction: 'upstream' | 'downstream'): Map<string, number> {
  return walkFrom((id) => contextNeighbours(workspace, id, direction), start, limit);
}

/** The kit tasks that refine `id` (its sub-tasks), sorted. */
export function subTasksOf(workspace: Workspace, id: string): string[] {
  const subs: string[] = [];
  for (const edge of workspace.relationsIn.get(id) ?? NO_EDGES) {
    if (edge.relation !== 'refines') continue;
    const node = workspace.nodes.get(edge.id);
    if (node?.item !== undefined && node.type === 'task') subs.push(edge.id);
  }
  return subs.sort(compareStrings);
}

/**
 * A task's walk (KITS §7): `contextWalk` upstream, where the task and the sub-tasks under it
 * are each also followed to their sub-tasks — a parent task is the sum of its parts, so its
 * bundle holds them and what they implement, verify or depend on. `parts` receives the task
 * and every sub-task under it that the walk reached.
 */
export function taskWalk(workspace: Workspace, start: string, limit: number, parts: Set<string>): Map<string, number> {
  parts.add(start);
  return walkFrom((id) => {
    const up = contextNeighbours(workspace, id, 'upstream');
    if (!parts.has(id)) return up;
    const subs = subTasksOf(workspace, id);
    if (subs.length === 0) return up;
    for (const sub of subs) parts.add(sub);
    return [...new Set([...up, ...subs])].sort(compareStrings);
  }, start, limit);
}

/** The context relations by which `from` names `to` (`from` depends on, implements, … `to`), in the table's order. */
export function relationsBetween(workspace: Workspace, from: string, to: string): ContextRelation[] {
  const found: ContextRelation[] = [];
  if ((workspace.upstream.get(from) ?? []).includes(to)) found.push('depends_on');
  for (const edge of workspace.relationsOut.get(from) ?? []) if (edge.id === to && isContextRelation(edge.relation)) found.push(edge.relation);
  return found;
}

/**
 * A bundle's reason for `id` (TRACE §1): the included nodes one level up that reach it, grouped
 * by relation in the table's order, `{phrase} ` + ids in backticks, groups joined by `; `.
 */
export function contextReason(workspace: Workspace, id: string, isReason: (from: string) => boolean): string {
  const groups = new Map<ContextRelation, string[]>();
  const add = (relation: ContextRelation, from: string) => {
    if (!isReason(from)) return;
    const list = groups.get(relation);
    if (list === undefined) groups.set(relation, [from]);
    else list.push(from);
  };
  for (const from of workspace.downstream.get(id) ?? []) add('depends_on', from);
  for (const edge of workspace.relationsIn.get(id) ?? NO_EDGES) if (isContextRelation(edge.relation)) add(edge.relation, edge.id);
  return [...groups]
    .sort(([a], [b]) => relationRank(a) - relationRank(b))
    .map(([relation, ids]) => `${CONTEXT_PHRASES[relation]} ${ids.map((from) => `\`${from}\``).join(', ')}`)
    .join('; ');
}

const NO_EDGES: readonly RelationEdge[] = [];

/** Every context entry (`depends_on` and the typed ones) of `id` that names no node. */
export function missingContextEntries(workspace: Workspace, id: string): string[] {
  const node = workspace.nodes.get(id)!;
  const missing: string[] = [];
  for (const dep of node.dependsOn) if (!workspace.nodes.has(dep)) missing.push(dep);
  if (node.relations === undefined) return missing;
  for (const relation of ['implements', 'verifies', 'refines'] as const) {
    for (const entry of node.relations[relation]?.ids ?? []) if (!workspace.nodes.has(entry) && !missing.includes(entry)) missing.push(entry);
  }
  return missing;
}

/**
 * Kahn's algorithm over the included nodes' context edges, always taking the smallest ready id;
 * when nodes remain and none is ready (a loop through relations that do not block), the
 * smallest remaining id is taken next.
 */
export function contextOrder(workspace: Workspace, included: ReadonlySet<string>): string[] {
  const waiting = new Map<string, number>();
  const ready = new StringHeap();
  for (const id of included) {
    let count = 0;
    for (const dep of contextNeighbours(workspace, id, 'upstream')) if (included.has(dep) && dep !== id) count += 1;
    waiting.set(id, count);
    if (count === 0) ready.push(id);
  }
  const remaining = [...included].sort(compareStrings);
  let next = 0;
  const order: string[] = [];
  const done = new Set<string>();
  while (order.length < included.size) {
    let id = ready.pop();
    if (id === undefined) {
      while (done.has(remaining[next]!)) next += 1;
      id = remaining[next]!;
    }
    if (done.has(id)) continue;
    done.add(id);
    order.push(id);
    for (const dependent of contextNeighbours(workspace, id, 'downstream')) {
      if (!included.has(dependent) || done.has(dependent) || dependent === id) continue;
      const left = waiting.get(dependent)! - 1;
      waiting.set(dependent, left);
      if (left === 0) ready.push(dependent);
    }
  }
  return order;
}

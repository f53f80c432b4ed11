/**
 * The view's payload (view-model.ts) made from a `get_dependency_graph` JSON answer alone, as
 * the MCP App receives it: the same layout; work states from the answer's statuses with the
 * default status words (TRACE §2) and the answer's `depends_on` edges — exact for an upstream
 * answer, which holds every dependency; no findings (the answer has none). The page lays it out
 * (web/layout.ts). Pure and dependency-free, so the browser bundle runs it.
 */
import { DEFAULT_CONFIG } from '../shared/config-types.js';
import { RELATIONS, WORK_STATES, normalStatus, type Relation } from '../shared/relations.js';
import { compareStrings } from '../shared/sort.js';
import type { GraphView } from './select-graph.js';
import type { ViewModel } from './view-model.js';

export function viewOfGraph(view: Pick<GraphView, 'nodes' | 'edges'>): ViewModel {
  const nodes = [...view.nodes].sort((a, b) => compareStrings(a.id, b.id));
  const ids = nodes.map((node) => node.id);
  const index = new Map(ids.map((id, i) => [id, i]));
  const rank = new Map<string, number>(RELATIONS.map((relation, i) => [relation, i]));
  const upstream = new Map<string, string[]>();
  const supersededBy = new Map<string, string[]>();
  const edges: number[] = [];
  for (const edge of view.edges) {
    const from = index.get(edge.from);
    const to = index.get(edge.to);
    const kind = rank.get(edge.relation);
    if (from === undefined || to === undefined || kind === undefined) continue;
    edges.push(from, to, kind);
    if (edge.relation === 'depends_on') (upstream.get(edge.from) ?? upstream.set(edge.from, []).get(edge.from)!).push(edge.to);
    if (edge.relation === 'supersedes') (supersededBy.get(edge.to) ?? supersededBy.set(edge.to, []).get(edge.to)!).push(edge.from);
  }
  const local = nodes.map((node) => localState(node.status, supersededBy.has(node.id)));
  const blockedBy: Record<string, (readonly [string, string])[]> = {};
  const state = local.map((s, i) => {
    if (s !== 'open') return s;
    const blockers = (upstream.get(ids[i]!) ?? [])
      .filter((to) => local[index.get(to)!] === 'open' || local[index.get(to)!] === 'dropped')
      .sort(compareStrings)
      .map((to) => [to, local[index.get(to)!] === 'dropped' ? 'dropped' : 'open'] as const);
    if (blockers.length > 0) blockedBy[i] = blockers.map(([id, st]) => [id, st === 'open' ? 'open work' : st] as const);
    return blockers.length > 0 ? 'blocked' : 'ready';
  });
  const types = [...new Set(nodes.map((node) => node.type ?? ''))].sort(compareStrings);
  const stateIndex = new Map<string, number>(WORK_STATES.map((s, i) => [s, i]));
  return {
    format: 2,
    ids,
    titles: nodes.map((node) => node.title),
    paths: nodes.map((node) => node.path),
    type: nodes.map((node) => types.indexOf(node.type ?? '')),
    types,
    status: nodes.map((node) => node.status ?? ''),
    state: state.map((s) => stateIndex.get(s)!),
    states: WORK_STATES,
    flags: ids.map(() => 0),
    edges,
    relations: RELATIONS as readonly Relation[],
    blockedBy,
    findings: {},
    next: state.flatMap((s, i) => (s === 'ready' ? [[i, 0] as const] : [])),
    errorCount: 0,
    warningCount: 0,
  };
}

function localState(status: string | null, superseded: boolean): 'dropped' | 'untracked' | 'done' | 'open' {
  const form = status === null ? '' : normalStatus(status);
  if (superseded || DEFAULT_CONFIG.status.dropped.includes(form)) return 'dropped';
  if (form === '') return 'untracked';
  return DEFAULT_CONFIG.status.done.includes(form) ? 'done' : 'open';
}

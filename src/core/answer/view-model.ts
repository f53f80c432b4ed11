/**
 * What `docugraph view` draws (issue 27), as plain JSON: every node with its work state and
 * findings, every typed edge, and the ready work most unblocking first; the page lays it out
 * (web/layout.ts, issue 58). Columns rather than one object per node, so that 100,000 nodes stay a
 * few megabytes; deterministic (ids in code-unit order, no clock, no absolute path).
 */
import { severityOf } from '../shared/codes.js';
import { RELATIONS, WORK_STATES, type Relation } from '../shared/relations.js';
import { compareStrings } from '../shared/sort.js';
import { KIT_NAMES } from '../shared/config-types.js';
import type { DocNode, Workspace } from '../shared/types.js';
import { kitPlaceAnywhere } from '../read/kit-paths.js';
import { getAcceptanceCriteria } from './acceptance-criteria.js';
import { idsInState, unblocksOf } from './unblocks.js';

/** Node marks, as bits of `ViewModel.flags`. */
export const VIEW_FLAGS = { error: 1, cycle: 2, warning: 4, suspect: 8 } as const;

/** A finding on a node: `[code, severity, line or 0, message]`. */
export type ViewFinding = readonly [string, 'error' | 'warning', number, string];

export interface ViewModel {
  /** The payload's version (2: no grid places; the page lays the graph out). */
  readonly format: 2;
  /** Every id, sorted; the other columns are by this index. */
  readonly ids: readonly string[];
  readonly titles: readonly string[];
  readonly paths: readonly string[];
  /** Index into `types` (the distinct types, sorted, `""` for none). */
  readonly type: readonly number[];
  readonly types: readonly string[];
  /** Each node's `status` as written, `""` for none. */
  readonly status: readonly string[];
  /** Index into `states` (WORK_STATES). */
  readonly state: readonly number[];
  readonly states: readonly string[];
  /** Bits of VIEW_FLAGS. */
  readonly flags: readonly number[];
  /** Edges as flat triples `from, to, kind`: node indexes (`from` depends on `to`, …), kind = relation index + 8 when suspect. */
  readonly edges: readonly number[];
  readonly relations: readonly Relation[];
  /** What blocks each blocked node (by index): `[id, state]` pairs. */
  readonly blockedBy: Readonly<Record<string, readonly (readonly [string, string])[]>>;
  /** Findings by node index. */
  readonly findings: Readonly<Record<string, readonly ViewFinding[]>>;
  /** Ready work, most unblocking first: `[index, unblocks]`, at most `NEXT_LIMIT`. */
  readonly next: readonly (readonly [number, number])[];
  /** How many diagnostics the workspace has, node or not. */
  readonly errorCount: number;
  readonly warningCount: number;
  /**
   * A spec kit's feature folder of each node (KITS §5), as an index into `groups` (`""` at 0: not
   * in one); present only when the workspace has kit items. The page groups by it (else by folder).
   */
  readonly group?: readonly number[];
  readonly groups?: readonly string[];
  /** Acceptance criteria by node index (`[text, done]`), when asked for (`criteria: true`). */
  readonly criteria?: Readonly<Record<string, readonly (readonly [string, boolean | null])[]>>;
}

export const NEXT_LIMIT = 200;

export interface ViewModelOptions {
  /** Whether to include every node's acceptance criteria (parses every body: a static export). Default `false`. */
  readonly criteria?: boolean;
}

export function buildViewModel(workspace: Workspace, options: ViewModelOptions = {}): ViewModel {
  const { ids } = workspace;
  const index = new Map<string, number>();
  ids.forEach((id, i) => index.set(id, i));
  const nodes = ids.map((id) => workspace.nodes.get(id)!);
  const types = [...new Set(nodes.map((node) => node.type ?? ''))].sort(compareStrings);
  const typeIndex = new Map(types.map((type, i) => [type, i]));
  const stateIndex = new Map<string, number>(WORK_STATES.map((state, i) => [state, i]));
  const flags = new Array<number>(ids.length).fill(0);
  for (const id of workspace.cycleOf.keys()) flags[index.get(id)!]! |= VIEW_FLAGS.cycle;
  const findings: Record<string, ViewFinding[]> = {};
  let errorCount = 0;
  for (const d of workspace.diagnostics) {
    const severity = severityOf(d.code);
    if (severity === 'error') errorCount += 1;
    const i = d.nodeId === null ? undefined : index.get(d.nodeId);
    if (i === undefined) continue;
    flags[i]! |= severity === 'error' ? VIEW_FLAGS.error : VIEW_FLAGS.warning;
    (findings[i] ??= []).push([d.code, severity, d.line ?? 0, d.message]);
  }
  const blockedBy: Record<string, (readonly [string, string])[]> = {};
  ids.forEach((id, i) => {
    const state = workspace.states.get(id)!;
    if (state.blockedBy.length > 0) blockedBy[i] = state.blockedBy.map((b) => [b.id, b.state] as const);
  });
  const folders = kitFolders(nodes);
  const unblocks = unblocksOf(workspace);
  const next = idsInState(workspace, 'ready')
    .slice(0, NEXT_LIMIT)
    .map((id) => [index.get(id)!, unblocks.get(id) ?? 0] as const);
  const model: ViewModel = {
    format: 2,
    ids,
    titles: nodes.map((node) => node.title),
    paths: nodes.map((node) => node.path),
    type: nodes.map((node) => typeIndex.get(node.type ?? '')!),
    types,
    status: nodes.map((node) => node.status ?? ''),
    state: ids.map((id) => stateIndex.get(workspace.states.get(id)!.state)!),
    states: WORK_STATES,
    flags,
    edges: viewEdges(workspace, index, flags),
    relations: RELATIONS,
    blockedBy,
    findings,
    next,
    errorCount,
    warningCount: workspace.diagnostics.length - errorCount,
    ...(folders === null ? {} : folders),
  };
  return options.criteria === true ? { ...model, criteria: allCriteria(workspace) } : model;
}

/** Each node's kit folder (`.kiro/specs/auth`), when the workspace has kit items: the groups of the view. */
function kitFolders(nodes: readonly DocNode[]): { group: number[]; groups: string[] } | null {
  if (!nodes.some((node) => node.item !== undefined)) return null;
  const folderOf = nodes.map((node) => kitPlaceAnywhere(node.path, KIT_NAMES)?.folder ?? '');
  const groups = ['', ...[...new Set(folderOf)].filter((f) => f !== '').sort(compareStrings)];
  const index = new Map(groups.map((g, i) => [g, i]));
  return { group: folderOf.map((f) => index.get(f)!), groups };
}

/** Every edge between nodes, flat; marks the nodes at either end of a suspect link. */
function viewEdges(workspace: Workspace, index: ReadonlyMap<string, number>, flags: number[]): number[] {
  const rank = new Map<Relation, number>(RELATIONS.map((relation, i) => [relation, i]));
  const edges: number[] = [];
  workspace.ids.forEach((id, from) => {
    const suspect = new Set(workspace.reviews.suspect.get(id) ?? []);
    const push = (to: string, relation: Relation) => {
      const t = index.get(to)!;
      const isSuspect = suspect.has(to);
      if (isSuspect) {
        flags[from]! |= VIEW_FLAGS.suspect;
        flags[t]! |= VIEW_FLAGS.suspect;
      }
      edges.push(from, t, rank.get(relation)! + (isSuspect ? 8 : 0));
    };
    for (const to of workspace.upstream.get(id) ?? []) push(to, 'depends_on');
    for (const edge of workspace.relationsOut.get(id) ?? []) push(edge.id, edge.relation);
  });
  return edges;
}

/** Every node's acceptance criteria, by index (nodes with none left out). */
function allCriteria(workspace: Workspace): Record<string, (readonly [string, boolean | null])[]> {
  const out: Record<string, (readonly [string, boolean | null])[]> = {};
  workspace.ids.forEach((id, i) => {
    const { criteria } = getAcceptanceCriteria(workspace, id);
    if (criteria.length > 0) out[i] = criteria.map((c) => [c.text, c.done] as const);
  });
  return out;
}

/**
 * `model` as JSON fit to embed in an HTML `<script type="application/json">`: `<`, `>`, `&`
 * and the JavaScript line separators as `\uHHHH`, so no title can end the element.
 */
export function viewJson(model: ViewModel): string {
  return JSON.stringify(model).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

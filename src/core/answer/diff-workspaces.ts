/**
 * TRACE §4: what a change to the documents affects — two states of a workspace compared: the
 * documents added, removed, changed (their fingerprint), moved and whose status changed, the
 * edges added and removed, the impact (what to re-read: the nodes downstream of what changed,
 * not changed themselves) and the diagnostics introduced and fixed. Pure: both workspaces are
 * loaded by the caller. Every list is sorted and capped, with its full count.
 */
import { sameFingerprint } from '../model/fingerprint.js';
import { contextDownstream, typedEdges, type TypedEdge } from '../model/relation-edges.js';
import { compareStrings } from '../shared/sort.js';
import type { Diagnostic, DocNode, Workspace } from '../shared/types.js';
import { compareFindings } from './compare-findings.js';

/** The most entries of each list (its `count` says how many there are). */
export const DIFF_CAP = 200;

/** A list capped at the diff's cap: `count` entries in all, the first of them in `items`. */
export interface Capped<T> {
  readonly count: number;
  readonly items: readonly T[];
}

export interface DiffDocument {
  readonly id: string;
  readonly title: string;
  readonly path: string;
}

export interface DiffChange {
  readonly id: string;
  /** The path (moved) or status (statusChanged) before; a status may be `null` (none). */
  readonly from: string | null;
  readonly to: string | null;
}

/** A document to re-read. */
export interface DiffImpact extends DiffDocument {
  /** Shortest distance from any added, removed or changed document. */
  readonly depth: number;
  /** The added, removed or changed documents it is downstream of, sorted: at most `MAX_BECAUSE` of them. */
  readonly because: readonly string[];
}

/** One state of the comparison: a revision and its commit (`null` both: the working tree). */
export interface DiffSide {
  readonly revision: string | null;
  readonly commit: string | null;
}

export interface WorkspaceDiff {
  readonly base: DiffSide;
  readonly head: DiffSide;
  readonly documents: {
    readonly added: Capped<DiffDocument>;
    readonly removed: Capped<DiffDocument>;
    readonly changed: Capped<DiffDocument>;
    readonly moved: Capped<DiffChange>;
    readonly statusChanged: Capped<DiffChange>;
  };
  readonly edges: { readonly added: Capped<TypedEdge>; readonly removed: Capped<TypedEdge> };
  /** Sorted by depth, then id. */
  readonly impact: Capped<DiffImpact>;
  readonly diagnostics: { readonly introduced: Capped<Diagnostic>; readonly fixed: Capped<Diagnostic> };
}

export interface DiffOptions {
  readonly base: DiffSide;
  readonly head: DiffSide;
  /** The most entries of each list; default `DIFF_CAP`. */
  readonly cap?: number;
}

/** Compares the workspace at `base` with the workspace at `head`. */
export function diffWorkspaces(base: Workspace, head: Workspace, options: DiffOptions): WorkspaceDiff {
  const cap = options.cap ?? DIFF_CAP;
  const capped = <T>(list: readonly T[]): Capped<T> => ({ count: list.length, items: list.length <= cap ? list : list.slice(0, cap) });
  const added: DocNode[] = [];
  const changed: DocNode[] = [];
  const moved: DiffChange[] = [];
  const statusChanged: DiffChange[] = [];
  for (const id of head.ids) {
    const now = head.nodes.get(id)!;
    const before = base.nodes.get(id);
    if (before === undefined) {
      added.push(now);
      continue;
    }
    if (!sameFingerprint(before, now)) changed.push(now);
    if (before.path !== now.path) moved.push({ id, from: before.path, to: now.path });
    if (before.status !== now.status) statusChanged.push({ id, from: before.status, to: now.status });
  }
  const removed = base.ids.filter((id) => !head.nodes.has(id)).map((id) => base.nodes.get(id)!);
  const edges = compareEdges(typedEdges(base), typedEdges(head));
  // A revision's sources are not read from git (TRACE §5): its trace and coverage findings are
  // unknown, so those of either side are left out rather than reported as introduced or fixed.
  const diagnostics = compareFindings(base.diagnostics.filter(documentFinding), head.diagnostics.filter(documentFinding));
  return {
    base: options.base,
    head: options.head,
    documents: {
      added: capped(added.map(documentOf)),
      removed: capped(removed.map(documentOf)),
      changed: capped(changed.map(documentOf)),
      moved: capped(moved),
      statusChanged: capped(statusChanged),
    },
    edges: { added: capped(edges.added), removed: capped(edges.removed) },
    impact: impactOf(base, head, added, changed, removed, cap),
    diagnostics: { introduced: capped(diagnostics.introduced), fixed: capped(diagnostics.fixed) },
  };
}

function documentOf(node: DocNode): DiffDocument {
  return { id: node.id, title: node.title, path: node.path };
}

interface Adjacency {
  readonly start: Int32Array;
  readonly list: Int32Array;
}

/** The most changed documents an impacted one names in `because` (a wide change reaches most documents from hundreds). */
export const MAX_BECAUSE = 10;

/**
 * The nodes downstream (over context relations, transitively) of every added or changed node
 * in the head graph and of every removed node in the base graph, that exist in the head and
 * are neither added nor changed. Depth: the shortest distance from any of them, by one
 * breadth-first walk from all of them at once; `because`: the changes that reach it, at most
 * `MAX_BECAUSE`, spread along the edges by a second walk in which a node passes on only the
 * changes it has not passed on yet — each edge carries at most `MAX_BECAUSE` names, so the
 * whole is linear in the edges however many documents changed.
 */
function impactOf(base: Workspace, head: Workspace, added: readonly DocNode[], changed: readonly DocNode[], removed: readonly DocNode[], cap: number): Capped<DiffImpact> {
  const sources = new Set<string>();
  for (const list of [added, changed, removed]) for (const node of list) sources.add(node.id);
  // One index per id of either side; a node is listed when it is in the head and not a source.
  const ids: string[] = [];
  const index = new Map<string, number>();
  const indexOf = (id: string): number => {
    let i = index.get(id);
    if (i === undefined) index.set(id, (i = ids.push(id) - 1));
    return i;
  };
  for (const id of head.ids) indexOf(id);
  for (const id of base.ids) indexOf(id);
  const listed = ids.map((id) => head.nodes.has(id) && !sources.has(id));
  // The edges by index, as two arrays: node i's are `list[start[i] .. start[i + 1])`.
  const adjacency = (edges: ReadonlyMap<string, readonly string[]>): Adjacency => {
    const start = new Int32Array(ids.length + 1);
    let total = 0;
    for (let i = 0; i < ids.length; i += 1) {
      start[i] = total;
      total += edges.get(ids[i]!)?.length ?? 0;
    }
    start[ids.length] = total;
    const list = new Int32Array(total);
    for (let i = 0, at = 0; i < ids.length; i += 1) for (const to of edges.get(ids[i]!) ?? []) list[at++] = indexOf(to);
    return { start, list };
  };
  const depth = new Int32Array(ids.length).fill(-1);
  // Each walk's changes held by each node (places in its start list), named only for the entries listed.
  const walks: { readonly holds: readonly (readonly number[] | undefined)[]; readonly start: readonly DocNode[] }[] = [];
  const walk = ({ start: from, list: edges }: Adjacency, start: readonly DocNode[]) => {
    const starts = start.map((node) => indexOf(node.id));
    // Depth: one walk from every start at once.
    const level = new Int32Array(ids.length).fill(-1);
    const queue = new Int32Array(ids.length);
    let tail = 0;
    for (const at of starts) if (level[at] === -1) (level[at] = 0), (queue[tail++] = at);
    for (let head = 0; head < tail; head += 1) {
      const at = queue[head]!;
      for (let e = from[at]!; e < from[at + 1]!; e += 1) {
        const next = edges[e]!;
        if (level[next] !== -1) continue;
        level[next] = level[at]! + 1;
        queue[tail++] = next;
        if (listed[next] && (depth[next] === -1 || level[next]! < depth[next]!)) depth[next] = level[next]!;
      }
    }
    // Because: each node passes on, once, each change it holds (its own first, for a start). A
    // change is its place in `start` (the starts' ids are distinct), named once the walk is done.
    const holds: number[][] = [];
    const passed = new Int32Array(ids.length);
    const pending: number[] = [];
    const queued = new Uint8Array(ids.length);
    const give = (at: number, change: number) => {
      const list = (holds[at] ??= []);
      if (list.length >= MAX_BECAUSE || list.includes(change)) return;
      list.push(change);
      if (queued[at] === 0) (queued[at] = 1), pending.push(at);
    };
    for (let k = 0; k < starts.length; k += 1) give(starts[k]!, k);
    for (let next = 0; next < pending.length; next += 1) {
      const at = pending[next]!;
      queued[at] = 0;
      const list = holds[at]!;
      const first = passed[at]!;
      const end = list.length;
      passed[at] = end;
      for (let e = from[at]!; e < from[at + 1]!; e += 1) for (let c = first; c < end; c += 1) give(edges[e]!, list[c]!);
    }
    walks.push({ holds, start });
  };
  /** The changes that reach node `i`, named: the head's walk first, at most `MAX_BECAUSE`. */
  const because = (i: number): string[] => {
    const list: string[] = [];
    for (const { holds, start } of walks) {
      for (const change of holds[i] ?? []) {
        const id = start[change]!.id;
        if (list.length < MAX_BECAUSE && !list.includes(id)) list.push(id);
      }
    }
    return list;
  };
  const fromHead = [...added, ...changed];
  if (fromHead.length > 0) walk(adjacency(contextDownstream(head)), fromHead);
  if (removed.length > 0) walk(adjacency(contextDownstream(base)), removed);
  // The first `cap` by depth, then id: the impacted nodes counted by depth, and only the depths
  // the cap reaches sorted (a wide change impacts most of a large workspace).
  const byDepth: number[][] = [];
  let count = 0;
  for (let i = 0; i < ids.length; i += 1) {
    if (depth[i] === -1) continue;
    (byDepth[depth[i]!] ??= []).push(i);
    count += 1;
  }
  const items: DiffImpact[] = [];
  for (const level of byDepth) {
    if (items.length >= cap) break;
    if (level === undefined) continue;
    for (const i of level.sort((a, b) => compareStrings(ids[a]!, ids[b]!))) {
      if (items.length >= cap) break;
      const node = head.nodes.get(ids[i]!)!;
      items.push({ id: node.id, title: node.title, path: node.path, depth: depth[i]!, because: because(i).sort(compareStrings) });
    }
  }
  return { count, items };
}

function compareEdge(a: TypedEdge, b: TypedEdge): number {
  return compareStrings(a.from, b.from) || compareStrings(a.to, b.to) || compareStrings(a.relation, b.relation);
}

/** The edges only `after` has, and those only `before` has: one merge of the two lists, both sorted by from, to, relation. */
function compareEdges(before: readonly TypedEdge[], after: readonly TypedEdge[]): { added: TypedEdge[]; removed: TypedEdge[] } {
  const added: TypedEdge[] = [];
  const removed: TypedEdge[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    const order = i === before.length ? 1 : j === after.length ? -1 : compareEdge(before[i]!, after[j]!);
    if (order < 0) removed.push(before[i++]!);
    else if (order > 0) added.push(after[j++]!);
    else (i += 1), (j += 1);
  }
  return { added, removed };
}

function documentFinding(d: Diagnostic): boolean {
  return d.code !== 'TRACE_BROKEN' && d.code !== 'COVERAGE_MISSING';
}

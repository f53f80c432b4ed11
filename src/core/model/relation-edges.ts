/**
 * The edges of a workspace by what they are used for: the links a review covers (TRACE §3),
 * the edges a change propagates along (impact), and every typed edge (a diff). Each is one
 * function: `depends_on` and the typed relations of TRACE §1 (`implements`, `verifies`,
 * `refines` are reviewed and carry context; `related` and `supersedes` are edges only).
 */
import { isContextRelation, type Relation } from '../shared/relations.js';
import { compareStrings } from '../shared/sort.js';
import type { DocNode, Workspace } from '../shared/types.js';

/** A link between two existing nodes, as a review sees it. */
export interface ReviewedEdge {
  /** The node whose frontmatter holds the entry. */
  readonly from: string;
  /** The node it names. */
  readonly to: string;
  /** 1-based line of the entry in `from`'s file (of the first entry, when several relations name `to`). */
  readonly line: number;
}

/** A typed edge between two existing nodes (TRACE §1). */
export interface TypedEdge {
  readonly from: string;
  readonly to: string;
  /** The relation, e.g. `depends_on`. */
  readonly relation: string;
}

/** The relations a review covers, in the table's order (TRACE §1). */
export const REVIEWED_RELATIONS: readonly Relation[] = ['depends_on', 'implements', 'verifies', 'refines'];
const REVIEWED_TYPED: ReadonlySet<string> = new Set(['implements', 'verifies', 'refines']);

/**
 * Every edge of a reviewed relation between existing nodes, one per pair of nodes, by `from`
 * then `to` (code-unit order; the order of their lock-file keys too, since no id holds a space).
 */
export function reviewedEdges(workspace: Workspace): ReviewedEdge[] {
  const edges: ReviewedEdge[] = [];
  for (const from of workspace.ids) {
    const plain = workspace.upstream.get(from) ?? NO_IDS;
    const typed = workspace.relationsOut.get(from);
    if (plain.length === 0 && typed === undefined) continue;
    const node = workspace.nodes.get(from)!;
    let targets = plain;
    if (typed !== undefined) {
      const all = new Set(plain);
      for (const edge of typed) if (REVIEWED_TYPED.has(edge.relation)) all.add(edge.id);
      if (all.size > plain.length) targets = [...all].sort(compareStrings);
    }
    const lineOf = entryLines(node);
    for (const to of targets) edges.push({ from, to, line: lineOf(to) });
  }
  return edges;
}

/** Per workspace, what `contextDownstream` built (a workspace never changes). */
const downstreamOf = new WeakMap<Workspace, ReadonlyMap<string, readonly string[]>>();

/** The edges a change propagates along, from each node to the nodes that build on it over every context relation (depends_on, implements, verifies, refines). */
export function contextDownstream(workspace: Workspace): ReadonlyMap<string, readonly string[]> {
  if (!workspace.typedRelations) return workspace.downstream;
  let map = downstreamOf.get(workspace);
  if (map === undefined) {
    const built = new Map<string, readonly string[]>(workspace.downstream);
    for (const [id, edges] of workspace.relationsIn) {
      const plain = workspace.downstream.get(id) ?? NO_IDS;
      const all = new Set(plain);
      for (const edge of edges) if (isContextRelation(edge.relation)) all.add(edge.id);
      if (all.size > plain.length) built.set(id, [...all].sort(compareStrings));
    }
    downstreamOf.set(workspace, (map = built));
  }
  return map;
}

/** Every typed edge between existing nodes (all six relations), by `from`, then `to`, then relation (code-unit order: a diff merges two such lists). */
export function typedEdges(workspace: Workspace): TypedEdge[] {
  const edges: TypedEdge[] = [];
  for (const from of workspace.ids) {
    const start = edges.length;
    for (const to of workspace.upstream.get(from) ?? NO_IDS) edges.push({ from, to, relation: 'depends_on' });
    const typed = workspace.relationsOut.get(from);
    if (typed === undefined) continue;
    for (const edge of typed) edges.push({ from, to: edge.id, relation: edge.relation });
    const mine = edges.splice(start).sort((a, b) => compareStrings(a.to, b.to) || compareStrings(a.relation, b.relation));
    for (const edge of mine) edges.push(edge);
  }
  return edges;
}

const NO_IDS: readonly string[] = [];

/** The line of a node's first entry naming each id: its `depends_on` entry, else its first reviewed relation's, in the table's order. */
function entryLines(node: DocNode): (to: string) => number {
  const lines = new Map<string, number>();
  const add = (ids: readonly string[], at: readonly number[]) => {
    for (let i = 0; i < ids.length; i += 1) if (!lines.has(ids[i]!)) lines.set(ids[i]!, at[i]!);
  };
  add(node.dependsOn, node.dependsOnLines);
  for (const relation of ['implements', 'verifies', 'refines'] as const) {
    const entries = node.relations?.[relation];
    if (entries !== undefined) add(entries.ids, entries.lines);
  }
  return (to) => lines.get(to) ?? node.bodyLine;
}

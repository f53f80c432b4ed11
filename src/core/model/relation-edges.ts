/**
 * The edges of a workspace by what they are used for: the links a review covers (TRACE §3),
 * the edges a change propagates along (impact), and every typed edge (a diff). Each is one
 * function, so that the typed relations of TRACE §1 (`implements`, `verifies`, `refines`, …)
 * join here and nowhere else; today every edge is a `depends_on` edge.
 */
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

/** The relations a review covers, in the table's order (TRACE §1: depends_on, implements, verifies, refines). */
export const REVIEWED_RELATIONS: readonly string[] = ['depends_on'];

/**
 * Every edge of a reviewed relation between existing nodes, one per pair of nodes, by `from`
 * then `to` (code-unit order; the order of their lock-file keys too, since no id holds a space).
 */
export function reviewedEdges(workspace: Workspace): ReviewedEdge[] {
  const edges: ReviewedEdge[] = [];
  for (const from of workspace.ids) {
    const targets = workspace.upstream.get(from);
    if (targets === undefined || targets.length === 0) continue;
    const lineOf = entryLines(workspace.nodes.get(from)!);
    for (const to of targets) edges.push({ from, to, line: lineOf(to) });
  }
  return edges;
}

/** The edges a change propagates along, from each node to the nodes that build on it (over every context relation). */
export function contextDownstream(workspace: Workspace): ReadonlyMap<string, readonly string[]> {
  return workspace.downstream;
}

/** The nodes each node builds on over every context relation (the reverse of `contextDownstream`). */
export function contextUpstream(workspace: Workspace): ReadonlyMap<string, readonly string[]> {
  return workspace.upstream;
}

/** Every typed edge between existing nodes, by `from`, then `to`, then relation (code-unit order: a diff merges two such lists). */
export function typedEdges(workspace: Workspace): TypedEdge[] {
  const edges: TypedEdge[] = [];
  for (const from of workspace.ids) for (const to of workspace.upstream.get(from) ?? []) edges.push({ from, to, relation: 'depends_on' });
  return edges;
}

/** The line of a node's first entry naming each id (a map only for the rare node with many entries). */
function entryLines(node: DocNode): (to: string) => number {
  const { dependsOn, dependsOnLines } = node;
  if (dependsOn.length <= 16) return (to) => dependsOnLines[dependsOn.indexOf(to)] ?? node.bodyLine;
  const lines = new Map<string, number>();
  for (let i = dependsOn.length - 1; i >= 0; i -= 1) lines.set(dependsOn[i]!, dependsOnLines[i]!);
  return (to) => lines.get(to) ?? node.bodyLine;
}

/**
 * CATALOG `analyze_impact`: who depends on a document, transitively (a downstream walk), over
 * the context relations (TRACE §1: `depends_on`, `implements`, `verifies`, `refines`).
 * Cycles do not fail it: every node is visited once, at its shortest depth.
 */
import { contextNeighbours, contextWalk, relationsBetween } from './context-graph.js';
import { requireNode } from './require-node.js';
import { codeLocations, type CodeLocation } from './code-references.js';
import { relationRank, type ContextRelation } from '../shared/relations.js';
import { compareStrings } from '../shared/sort.js';
import { walk } from './walk-graph.js';
import type { Workspace } from '../shared/types.js';

export interface ImpactedNode {
  readonly id: string;
  readonly title: string;
  readonly path: string;
  /** Shortest number of edges from the analysed node. */
  readonly depth: number;
  /** The impacted nodes one level closer (or the analysed node, at depth 1) that this one depends on, implements, verifies or refines. */
  readonly via: readonly string[];
  /** The relations by which it names the nodes of `via`, in the table's order (TRACE §1). */
  readonly relations: readonly ContextRelation[];
}

export interface Impact {
  readonly nodeId: string;
  /** Sorted by depth, then id. The analysed node itself is never listed. */
  readonly impacted: readonly ImpactedNode[];
  /** `true` when some dependent lies deeper than `maxDepth`. */
  readonly truncated: boolean;
  /** With tracing on (TRACE §5): the traces to `nodeId` and to every impacted node, sorted by path, then line. */
  readonly code?: readonly CodeLocation[];
}

const DEPENDS_ON: readonly ContextRelation[] = Object.freeze(['depends_on']);

/** Walks downstream from `nodeId` up to `maxDepth` levels (no limit when left out). */
export function analyzeImpact(workspace: Workspace, written: string, maxDepth?: number): Impact {
  const nodeId = requireNode(workspace, written).id;
  const limit = maxDepth ?? Number.POSITIVE_INFINITY;
  const typed = workspace.typedRelations;
  const depths = typed ? contextWalk(workspace, nodeId, limit, 'downstream') : walk(workspace.downstream, nodeId, limit);
  const impacted: ImpactedNode[] = [];
  let truncated = false;
  for (const [id, depth] of depths) {
    if (id === nodeId) continue;
    if (depth > limit) {
      truncated = true;
      continue;
    }
    const node = workspace.nodes.get(id)!;
    const via = (typed ? contextNeighbours(workspace, id, 'upstream') : workspace.upstream.get(id) ?? []).filter((up) => depths.get(up) === depth - 1);
    impacted.push({ id, title: node.title, path: node.path, depth, via, relations: typed ? relationsOf(workspace, id, via) : DEPENDS_ON });
  }
  impacted.sort((a, b) => a.depth - b.depth || compareStrings(a.id, b.id));
  if (!workspace.traces.enabled) return { nodeId, impacted, truncated };
  return { nodeId, impacted, truncated, code: codeLocations(workspace, [nodeId, ...impacted.map((node) => node.id)]) };
}

function relationsOf(workspace: Workspace, id: string, via: readonly string[]): ContextRelation[] {
  const found = new Set<ContextRelation>();
  for (const up of via) for (const relation of relationsBetween(workspace, id, up)) found.add(relation);
  return [...found].sort((a, b) => relationRank(a) - relationRank(b));
}

/**
 * CATALOG `analyze_impact`: who depends on a document, transitively (a downstream walk).
 * Cycles do not fail it: every node is visited once, at its shortest depth.
 */
import { requireNode } from './require-node.js';
import { compareStrings } from '../shared/sort.js';
import { walk } from './walk-graph.js';
import type { Workspace } from '../shared/types.js';

export interface ImpactedNode {
  readonly id: string;
  readonly title: string;
  readonly path: string;
  /** Shortest number of edges from the analysed node. */
  readonly depth: number;
  /** The impacted nodes one level closer (or the analysed node, at depth 1) that this one depends on. */
  readonly via: readonly string[];
}

export interface Impact {
  readonly nodeId: string;
  /** Sorted by depth, then id. The analysed node itself is never listed. */
  readonly impacted: readonly ImpactedNode[];
  /** `true` when some dependent lies deeper than `maxDepth`. */
  readonly truncated: boolean;
}

/** Walks downstream from `nodeId` up to `maxDepth` levels (no limit when left out). */
export function analyzeImpact(workspace: Workspace, nodeId: string, maxDepth?: number): Impact {
  requireNode(workspace, nodeId);
  const limit = maxDepth ?? Number.POSITIVE_INFINITY;
  const depths = walk(workspace.downstream, nodeId, limit);
  const impacted: ImpactedNode[] = [];
  let truncated = false;
  for (const [id, depth] of depths) {
    if (id === nodeId) continue;
    if (depth > limit) {
      truncated = true;
      continue;
    }
    const node = workspace.nodes.get(id)!;
    const via = (workspace.upstream.get(id) ?? []).filter((up) => depths.get(up) === depth - 1);
    impacted.push({ id, title: node.title, path: node.path, depth, via });
  }
  impacted.sort((a, b) => a.depth - b.depth || compareStrings(a.id, b.id));
  return { nodeId, impacted, truncated };
}

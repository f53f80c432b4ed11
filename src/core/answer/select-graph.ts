/**
 * CATALOG `get_dependency_graph`: the part of the graph to show — the whole workspace, or
 * the walk from a root upstream, downstream or both, cut at a depth.
 */
import { requireNode } from './require-node.js';
import { compareStrings } from '../shared/sort.js';
import type { Workspace } from '../shared/types.js';
import { walk } from './walk-graph.js';
import { contextWalk } from './context-graph.js';
import { isContextRelation, type Relation } from '../shared/relations.js';

export const DIRECTIONS = ['upstream', 'downstream', 'both'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export interface GraphOptions {
  /** Start of the walk; left out: the whole workspace (then `direction` and `maxDepth` do not apply). */
  readonly rootId?: string | undefined;
  /** Which edges to follow from the root. Default `upstream` (what the root depends on). */
  readonly direction?: Direction | undefined;
  /** Deepest level from the root; left out: no limit. */
  readonly maxDepth?: number | undefined;
}

export interface GraphNode {
  readonly id: string;
  readonly title: string;
  readonly type: string | null;
  readonly status: string | null;
  readonly path: string;
}

/** `from` depends on `to` (or implements it, verifies it, …: `relation`, TRACE §1). */
export interface GraphEdge {
  readonly from: string;
  readonly to: string;
  readonly relation: Relation;
}

export interface GraphView {
  /** Sorted by id. */
  readonly nodes: readonly GraphNode[];
  /**
   * Every edge between the selected nodes, sorted by `from`, then `to`, then relation (table
   * order); `related` and `supersedes` edges only for the whole workspace or `direction: both`.
   */
  readonly edges: readonly GraphEdge[];
  /** `true` when the walk stopped at `maxDepth` with nodes beyond it. */
  readonly truncated: boolean;
}

/** The nodes and edges to show for `options`; `TASK_NOT_FOUND` for an unknown root. */
export function selectGraph(workspace: Workspace, options: GraphOptions = {}): GraphView {
  let ids: string[] = [...workspace.ids];
  let truncated = false;
  if (options.rootId !== undefined) {
    const rootId = requireNode(workspace, options.rootId).id;
    const limit = options.maxDepth ?? Number.POSITIVE_INFINITY;
    const direction = options.direction ?? 'upstream';
    const selected = new Set<string>();
    const ways = direction === 'both' ? (['upstream', 'downstream'] as const) : [direction];
    for (const way of ways) {
      const depths = workspace.typedRelations ? contextWalk(workspace, rootId, limit, way) : walk(way === 'upstream' ? workspace.upstream : workspace.downstream, rootId, limit);
      for (const [id, depth] of depths) {
        if (depth <= limit) selected.add(id);
        else truncated = true;
      }
    }
    ids = [...selected].sort(compareStrings);
  }
  // The relations a walk does not follow are drawn where nothing was walked, or both ways.
  const allRelations = options.rootId === undefined || options.direction === 'both';
  const included = new Set(ids);
  const nodes = ids.map((id) => {
    const node = workspace.nodes.get(id)!;
    return { id, title: node.title, type: node.type, status: node.status, path: node.path };
  });
  const edges: GraphEdge[] = [];
  for (const from of ids) {
    const typed = workspace.relationsOut.get(from);
    if (typed === undefined) {
      for (const to of workspace.upstream.get(from) ?? []) if (included.has(to)) edges.push({ from, to, relation: 'depends_on' });
      continue;
    }
    const mine: GraphEdge[] = [];
    for (const to of workspace.upstream.get(from) ?? []) if (included.has(to)) mine.push({ from, to, relation: 'depends_on' });
    for (const edge of typed) if (included.has(edge.id) && (allRelations || isContextRelation(edge.relation))) mine.push({ from, to: edge.id, relation: edge.relation });
    // Each list is in table order, then by id: sort by target, keeping that order among equals.
    mine.sort((a, b) => compareStrings(a.to, b.to));
    for (const edge of mine) edges.push(edge);
  }
  return { nodes, edges, truncated };
}

/** Pages of a graph view: the part to draw for some of its nodes, and the edges of a node. */
export interface GraphPager {
  /**
   * The part of the view to draw for `nodes` (a page of a diagram): those nodes, every edge from
   * them, and the nodes those edges reach (so each edge has both ends), sorted by id;
   * `truncated` is the view's.
   */
  readonly page: (nodes: readonly GraphNode[]) => GraphView;
  /** The edges of the view from `id`. */
  readonly edgesOf: (id: string) => readonly GraphEdge[];
}

/** Indexes `view` once, so that each page costs only its own nodes and edges. */
export function createGraphPager(view: GraphView): GraphPager {
  const byId = new Map(view.nodes.map((node) => [node.id, node]));
  const from = new Map<string, GraphEdge[]>();
  for (const edge of view.edges) {
    const list = from.get(edge.from);
    if (list === undefined) from.set(edge.from, [edge]);
    else list.push(edge);
  }
  const edgesOf = (id: string): readonly GraphEdge[] => from.get(id) ?? [];
  return {
    edgesOf,
    page: (nodes) => {
      const shown = new Map(nodes.map((node) => [node.id, node]));
      const edges: GraphEdge[] = [];
      for (const node of nodes) {
        for (const edge of edgesOf(node.id)) {
          edges.push(edge);
          if (!shown.has(edge.to)) shown.set(edge.to, byId.get(edge.to)!);
        }
      }
      return { nodes: [...shown.values()].sort((a, b) => compareStrings(a.id, b.id)), edges, truncated: view.truncated };
    },
  };
}

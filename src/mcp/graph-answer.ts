/**
 * `get_dependency_graph`'s answer (and the `docugraph://graph/{rootId}` resource's) within the
 * answer budget (CATALOG § Bounded answers): the JSON view paged over its nodes, then its
 * edges; a Mermaid or DOT diagram paged over its nodes, each page drawing its nodes, every
 * edge from them and the nodes those edges reach. A graph that fits is answered whole, as
 * before.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { PageArguments } from '../core/paginate.js';
import {
  dotEdgeLine,
  dotNodeLine,
  mermaidEdgeLine,
  mermaidNodeLine,
  nodeMarks,
  renderDot,
  renderMermaid,
  type NodeMarks,
} from '../core/render-graph.js';
import { createGraphPager, selectGraph, type GraphEdge, type GraphNode, type GraphOptions, type GraphView } from '../core/select-graph.js';
import type { Workspace } from '../core/index.js';
import { pagedJsonResult, pagedTextResult } from './paged-result.js';

export const GRAPH_FORMATS = ['json', 'mermaid', 'dot'] as const;
export type GraphFormat = (typeof GRAPH_FORMATS)[number];

const TOOL = 'get_dependency_graph';

/** The answer for these options and format, one page of it. */
export function graphAnswer(workspace: Workspace, options: GraphOptions, format: GraphFormat, page: PageArguments): CallToolResult {
  const view = selectGraph(workspace, options);
  // The tool's arguments other than limit and cursor: a cursor resumes only the same query.
  const scope = `${TOOL}\n${JSON.stringify([options.rootId ?? null, options.direction ?? 'upstream', options.maxDepth ?? null, format])}`;
  if (format === 'json') {
    return pagedJsonResult<GraphNode | GraphEdge>(
      {
        tool: TOOL,
        noun: 'nodes and edges',
        items: [...view.nodes, ...view.edges],
        scope,
        snapshot: workspace,
        build: (items, more, start) => {
          if (start === 0 && more === null) return view;
          const nodes = items.filter((item): item is GraphNode => !('from' in item));
          const edges = items.filter((item): item is GraphEdge => 'from' in item);
          return { nodes, edges, truncated: view.truncated, ...more };
        },
      },
      page,
    );
  }
  const marks = nodeMarks(workspace);
  const pager = createGraphPager(view);
  const draw = format === 'mermaid' ? renderMermaid : renderDot;
  return pagedTextResult(
    {
      tool: TOOL,
      noun: 'nodes (each with its edges)',
      items: view.nodes,
      scope,
      snapshot: workspace,
      render: (nodes) => draw(workspace, nodes.length === view.nodes.length ? view : pager.page(nodes), options.rootId, marks),
      sizeOf: nodeBytes(view, pager.edgesOf, format, marks, options.rootId),
    },
    page,
  );
}

/**
 * At least the bytes a node adds to a page of the diagram as sent (each line escaped as a JSON
 * string): its line, and for each of its edges the edge's line and the line of the node it
 * reaches (drawn on the page when it is not on it), with keys as long as the view's longest,
 * and its place in a `class` list.
 */
function nodeBytes(view: GraphView, edgesOf: (id: string) => readonly GraphEdge[], format: 'mermaid' | 'dot', marks: NodeMarks, rootId: string | undefined): (node: GraphNode) => number {
  const key = `n${view.nodes.length}`;
  const byId = new Map(view.nodes.map((node) => [node.id, node]));
  const nodeLine = (node: GraphNode) => (format === 'mermaid' ? mermaidNodeLine(key, node) : dotNodeLine(node, marks, rootId));
  const sent = (line: string) => Buffer.byteLength(JSON.stringify(`${line}\n`), 'utf8') - 2;
  return (node) => {
    let bytes = sent(nodeLine(node)) + key.length + 1;
    for (const edge of edgesOf(node.id)) {
      bytes += sent(format === 'mermaid' ? mermaidEdgeLine(key, key) : dotEdgeLine(edge)) + sent(nodeLine(byId.get(edge.to)!)) + key.length + 1;
    }
    return bytes;
  };
}

/**
 * `get_dependency_graph`'s answer (and the `docugraph://graph/{rootId}` resource's) within the
 * answer budget (CATALOG § Bounded answers): the JSON view paged over its nodes, then its
 * edges; a Mermaid or DOT diagram paged over its nodes, each page drawing its nodes, every
 * edge from them and the nodes those edges reach. A graph that fits is answered whole, as
 * before.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { createGraphPager, diagramNodeBytes, type GraphEdge, type GraphNode, type GraphOptions, nodeMarks, type PageArguments, renderDot, renderMermaid, resolveId, selectGraph, type Workspace } from '../core/index.js';
import { pagedJsonResult, pagedTextResult } from './paged-result.js';

export const GRAPH_FORMATS = ['json', 'mermaid', 'dot'] as const;
export type GraphFormat = (typeof GRAPH_FORMATS)[number];

const TOOL = 'get_dependency_graph';

/** The answer for these options and format, one page of it. */
export function graphAnswer(workspace: Workspace, given: GraphOptions, format: GraphFormat, page: PageArguments): CallToolResult {
  // The root as found (`1559` for `EIP-1559`): the diagram marks it.
  const options = given.rootId === undefined ? given : { ...given, rootId: resolveId(workspace, given.rootId) };
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
      sizeOf: diagramNodeBytes(view, pager.edgesOf, format, marks, options.rootId),
    },
    page,
  );
}

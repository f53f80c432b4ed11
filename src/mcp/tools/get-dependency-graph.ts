/**
 * `get_dependency_graph` (CATALOG): the graph, or the part around a root, as JSON, Mermaid or DOT.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { renderDot, renderMermaid, selectGraph } from '../../core/index.js';
import { registerTool } from '../register-tool.js';
import { choiceSchema, depthSchema, directionSchema, graphSchema, MAX_TEXT_ARGUMENT } from '../schemas.js';
import type { ServerState } from '../server-state.js';
import { withoutUndefined } from '../../core/without-undefined.js';
import { jsonResult } from '../tool-result.js';

export const GRAPH_FORMATS = ['json', 'mermaid', 'dot'] as const;

export const getDependencyGraphInput = z.object({
  rootId: z
    .string({ error: 'rootId must be a string (a document id)' })
    .min(1, { error: 'rootId must not be empty; omit it for the whole workspace' })
    .max(MAX_TEXT_ARGUMENT, { error: `rootId must be at most ${MAX_TEXT_ARGUMENT} characters (a document id)` })
    .optional()
    .describe('Document to start from. Omit it for the whole workspace (direction and maxDepth then do not apply).'),
  direction: directionSchema
    .optional()
    .describe('From the root: "upstream" (what it depends on, the default), "downstream" (what depends on it) or "both".'),
  maxDepth: depthSchema('maxDepth').describe('How many levels from the root to include. Default: no limit.'),
  format: choiceSchema('format', GRAPH_FORMATS)
    .optional()
    .describe('"json" (default), "mermaid" (paste into a GitHub comment inside ```mermaid) or "dot" (for `dot -Tsvg`).'),
});

export function registerGetDependencyGraph(server: McpServer, state: ServerState): void {
  registerTool(
    server,
    state,
    {
      name: 'get_dependency_graph',
      title: 'Get dependency graph',
      description:
        'Returns the depends_on graph of the workspace, or of the documents reachable from `rootId` ' +
        '(upstream, downstream or both, up to `maxDepth`), as JSON nodes and edges (`from` depends on `to`), or ' +
        'rendered as a Mermaid flowchart or a Graphviz DOT digraph in which documents in a cycle and documents ' +
        'with errors are highlighted. The JSON graph is always in structuredContent; the text is the chosen format.',
      input: getDependencyGraphInput,
      output: graphSchema,
    },
    async ({ format = 'json', ...options }) => {
      const workspace = await state.workspace();
      const view = selectGraph(workspace, withoutUndefined(options));
      const result = jsonResult(view);
      if (format === 'json') return result;
      const text = format === 'mermaid' ? renderMermaid(workspace, view, options.rootId) : renderDot(workspace, view, options.rootId);
      return { ...result, content: [{ type: 'text', text }] };
    },
  );
}

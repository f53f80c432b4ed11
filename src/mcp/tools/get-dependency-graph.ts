/**
 * `get_dependency_graph` (CATALOG): the graph, or the part around a root, as JSON, Mermaid or DOT.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { renderDot, renderMermaid, selectGraph } from '../../core/index.js';
import { registerTool } from '../register-tool.js';
import { choiceSchema, depthSchema, directionSchema, MAX_TEXT_ARGUMENT } from '../schemas.js';
import type { ServerState } from '../server-state.js';
import { withoutUndefined } from '../../core/without-undefined.js';
import { jsonResult, textResult } from '../tool-result.js';

export const GRAPH_FORMATS = ['json', 'mermaid', 'dot'] as const;

export const getDependencyGraphInput = z.object({
  rootId: z
    .string({ error: 'rootId must be a string (a document id)' })
    .min(1, { error: 'rootId must not be empty; omit it for the whole workspace' })
    .max(MAX_TEXT_ARGUMENT, { error: `rootId must be at most ${MAX_TEXT_ARGUMENT} characters (a document id)` })
    .optional()
    .describe('Start here. Default: the whole workspace.'),
  direction: directionSchema
    .optional()
    .describe('upstream (its dependencies, default), downstream (its dependents) or both.'),
  maxDepth: depthSchema('maxDepth').describe('Levels from rootId. Default: all.'),
  format: choiceSchema('format', GRAPH_FORMATS)
    .optional()
    .describe('json (default), mermaid (for GitHub) or dot (Graphviz).'),
});

export function registerGetDependencyGraph(server: McpServer, state: ServerState): void {
  registerTool(
    server,
    state,
    {
      name: 'get_dependency_graph',
      title: 'Get dependency graph',
      description:
        'Returns the depends_on graph (whole workspace, or around rootId) as JSON nodes and edges (from depends on to), ' +
        'or as Mermaid or DOT text with cycles and documents with errors highlighted. TASK_NOT_FOUND: unknown rootId.',
      input: getDependencyGraphInput,
      // No outputSchema: a Mermaid or DOT answer is the diagram alone, with no JSON beside it (CATALOG § Bounded answers).
    },
    async ({ format = 'json', ...options }) => {
      const workspace = await state.workspace();
      const view = selectGraph(workspace, withoutUndefined(options));
      if (format === 'json') return jsonResult(view);
      return textResult(format === 'mermaid' ? renderMermaid(workspace, view, options.rootId) : renderDot(workspace, view, options.rootId));
    },
  );
}

/**
 * `get_dependency_graph` (CATALOG): the graph, or the part around a root, as JSON, Mermaid or DOT.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { graphAnswer, GRAPH_FORMATS } from '../graph-answer.js';
import { registerTool } from '../register-tool.js';
import { choiceSchema, depthSchema, directionSchema, MAX_TEXT_ARGUMENT, pageInput } from '../schemas.js';
import type { ServerState } from '../server-state.js';
import { VIEW_APP_META } from '../view-app.js';

export const getDependencyGraphInput = z.object({
  rootId: z
    .string({ error: 'rootId must be a string (a document id)' })
    .min(1, { error: 'rootId must not be empty; omit it for the whole workspace' })
    .max(MAX_TEXT_ARGUMENT, { error: `rootId must be at most ${MAX_TEXT_ARGUMENT} characters (a document id)` })
    .optional()
    .describe('Start here. Default: the whole workspace.'),
  direction: directionSchema
    .optional()
    .describe('Default upstream (its dependencies).'),
  maxDepth: depthSchema('maxDepth').describe('Levels from rootId. Default: all.'),
  format: choiceSchema('format', GRAPH_FORMATS)
    .optional()
    .describe('Default json.'),
  ...pageInput,
});

export function registerGetDependencyGraph(server: McpServer, state: ServerState): void {
  registerTool(
    server,
    state,
    {
      name: 'get_dependency_graph',
      title: 'Get dependency graph',
      description:
        'Returns the graph (whole workspace, or around rootId) as JSON nodes and edges (from, to, relation), ' +
        'or as Mermaid or DOT text (cycles and errors highlighted), in pages.',
      input: getDependencyGraphInput,
      // MCP Apps hosts draw the answer with the graph view (view-app.ts); others ignore this.
      meta: VIEW_APP_META,
      // No outputSchema: a Mermaid or DOT answer is the diagram alone, with no JSON beside it (CATALOG § Bounded answers).
    },
    async ({ format = 'json', limit, cursor, ...options }) => graphAnswer(await state.workspace(), options, format, { limit, cursor }),
  );
}

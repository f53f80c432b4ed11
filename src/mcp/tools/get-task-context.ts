/**
 * `get_task_context` (MCP-G0 §3.1): the task's upstream documents as one Markdown bundle.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { buildBundle, DEFAULT_MAX_DEPTH, DEFAULT_MAX_TOKENS } from '../../core/index.js';
import { registerTool } from '../register-tool.js';
import { choiceSchema, depthSchema, idSchema, tokenBudgetSchema } from '../schemas.js';
import type { ServerState } from '../server-state.js';
import { textResult } from '../tool-result.js';

export const getTaskContextInput = z.object({
  taskId: idSchema('taskId').describe('Id of the task document, e.g. "BE-02" (case-sensitive).'),
  maxDepth: depthSchema('maxDepth').describe(
    `Levels to follow upstream (0: the task alone). Default ${DEFAULT_MAX_DEPTH}.`,
  ),
  maxTokens: tokenBudgetSchema('maxTokens').describe(
    `Token budget (≈ bytes/4), default ${DEFAULT_MAX_TOKENS}.`,
  ),
  sections: choiceSchema('sections', ['auto', 'all']).optional().describe('"all": every document whole.'),
});

export function registerGetTaskContext(server: McpServer, state: ServerState): void {
  registerTool(
    server,
    state,
    {
      name: 'get_task_context',
      title: 'Get task context',
      description:
        'Returns what a task needs as one Markdown bundle: what it depends on, implements, verifies or refines, upstream ' +
        "from `taskId`, with an inclusion report saying why each part is there; a kit task's large documents come as the " +
        'sections that name or match it. Call it before working on a task. Fails with TASK_NOT_FOUND (suggested ids) or GRAPH_CYCLE.',
      input: getTaskContextInput,
    },
    async ({ taskId, maxDepth, maxTokens, sections }) =>
      textResult(buildBundle(await state.workspace(), { taskId, maxTokens: maxTokens ?? DEFAULT_MAX_TOKENS, ...(maxDepth === undefined ? {} : { maxDepth }), ...(sections === undefined ? {} : { sections }) })),
  );
}

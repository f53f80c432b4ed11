/**
 * `get_task_context` (MCP-G0 §3.1): the task's upstream documents as one Markdown bundle.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { buildBundle, DEFAULT_MAX_DEPTH, DEFAULT_MAX_TOKENS } from '../../core/index.js';
import { registerTool } from '../register-tool.js';
import { depthSchema, idSchema, tokenBudgetSchema } from '../schemas.js';
import type { ServerState } from '../server-state.js';
import { textResult } from '../tool-result.js';

export const getTaskContextInput = z.object({
  taskId: idSchema('taskId').describe('Id of the task document, e.g. "BE-02" (case-sensitive).'),
  maxDepth: depthSchema('maxDepth').describe(
    `How many levels of depends_on to follow upstream (0 = the task alone). Default ${DEFAULT_MAX_DEPTH}.`,
  ),
  maxTokens: tokenBudgetSchema('maxTokens').describe(
    `Token budget (≈ bytes/4), default ${DEFAULT_MAX_TOKENS}: documents over it are listed, not included.`,
  ),
});

export function registerGetTaskContext(server: McpServer, state: ServerState): void {
  registerTool(
    server,
    state,
    {
      name: 'get_task_context',
      title: 'Get task context',
      description:
        'Returns everything a task depends on as one Markdown context bundle: it walks depends_on (and implements, ' +
        'verifies, refines) upstream from `taskId` and includes each document whole, with an inclusion report saying why ' +
        'each one is there (and where tagged code implements or tests them), dependencies first and the task last. ' +
        'Call it before working on a task instead of opening files one by one. Fails with TASK_NOT_FOUND ' +
        '(with suggested ids) or GRAPH_CYCLE (run validate_traceability).',
      input: getTaskContextInput,
    },
    async ({ taskId, maxDepth, maxTokens }) =>
      textResult(buildBundle(await state.workspace(), { taskId, maxTokens: maxTokens ?? DEFAULT_MAX_TOKENS, ...(maxDepth === undefined ? {} : { maxDepth }) })),
  );
}

/**
 * `get_acceptance_criteria` (CATALOG): a task's definition of done, item by item.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { getAcceptanceCriteria } from '../../core/index.js';
import { registerTool } from '../register-tool.js';
import { acceptanceCriteriaSchema, idSchema } from '../schemas.js';
import type { ServerState } from '../server-state.js';
import { jsonResult } from '../tool-result.js';

export const getAcceptanceCriteriaInput = z.object({
  taskId: idSchema('taskId').describe('Task id, e.g. "BE-02".'),
});

export function registerGetAcceptanceCriteria(server: McpServer, state: ServerState): void {
  registerTool(
    server,
    state,
    {
      name: 'get_acceptance_criteria',
      title: 'Get acceptance criteria',
      description:
        "Returns a task's acceptance criteria (when it is done): the items under its Acceptance criteria heading, its " +
        'frontmatter acceptance_criteria, or the kit criteria it implements. Each has text, done (for - [x]/- [ ], else null), line.',
      input: getAcceptanceCriteriaInput,
      output: acceptanceCriteriaSchema,
    },
    async ({ taskId }) => jsonResult(getAcceptanceCriteria(await state.workspace(), taskId)),
  );
}

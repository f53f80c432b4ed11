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
  taskId: idSchema('taskId').describe('Exact id of the task document, e.g. "BE-02".'),
});

export function registerGetAcceptanceCriteria(server: McpServer, state: ServerState): void {
  registerTool(
    server,
    state,
    {
      name: 'get_acceptance_criteria',
      title: 'Get acceptance criteria',
      description:
        'Returns the acceptance criteria of a task as a checklist: the list items under its "Acceptance criteria" ' +
        '(or "Definition of done", "Criterios de aceptación") heading, or its frontmatter `acceptance_criteria` list. ' +
        'Each item has its text, `done` (true/false for `- [x]`/`- [ ]` items, null otherwise) and its line in the file. ' +
        'Use it to know when a task is finished and to check your work item by item.',
      input: getAcceptanceCriteriaInput,
      output: acceptanceCriteriaSchema,
    },
    async ({ taskId }) => jsonResult(getAcceptanceCriteria(await state.workspace(), taskId)),
  );
}

/**
 * `list_tasks` (CATALOG): the workspace's documents, filtered by type, status or text.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { listTasks } from '../../core/index.js';
import { registerTool } from '../register-tool.js';
import { filterSchema, taskListSchema } from '../schemas.js';
import type { ServerState } from '../server-state.js';
import { withoutUndefined } from '../../core/without-undefined.js';
import { jsonResult } from '../tool-result.js';

export const listTasksInput = z.object({
  type: filterSchema('type').describe('Only documents of this exact type, e.g. "task", "decision", "spec".'),
  status: filterSchema('status').describe('Only documents with this exact status, e.g. "todo", "in-progress", "done".'),
  query: filterSchema('query').describe('Only documents whose id or title contains this text (case-insensitive).'),
});

export function registerListTasks(server: McpServer, state: ServerState): void {
  registerTool(
    server,
    state,
    {
      name: 'list_tasks',
      title: 'List documents',
      description:
        'Lists the documents of the workspace (tasks, specs, decisions, requirements…) with id, title, type, status, ' +
        'path and depends_on, sorted by id. Filter with `type` and `status` (exact) and `query` (case-insensitive ' +
        'text in the id or title). Use it to find the id of a task before calling get_task_context, e.g. ' +
        '{"type": "task", "status": "todo"}.',
      input: listTasksInput,
      output: taskListSchema,
    },
    async (args) => jsonResult(listTasks(await state.workspace(), withoutUndefined(args))),
  );
}

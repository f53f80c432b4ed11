/**
 * `list_tasks` (CATALOG): the workspace's documents, filtered by type, status or text, a page at a time.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { listTasks } from '../../core/index.js';
import { pagedJsonResult } from '../paged-result.js';
import { registerTool } from '../register-tool.js';
import { filterSchema, pageInput, taskListSchema } from '../schemas.js';
import type { ServerState } from '../server-state.js';

export const listTasksInput = z.object({
  type: filterSchema('type').describe('Exact type, e.g. "task".'),
  status: filterSchema('status').describe('Exact status, e.g. "todo".'),
  query: filterSchema('query').describe('Text in the id or title (any case).'),
  ...pageInput,
});

export function registerListTasks(server: McpServer, state: ServerState): void {
  registerTool(
    server,
    state,
    {
      name: 'list_tasks',
      title: 'List documents',
      description:
        'Lists documents (tasks, specs, decisions…) with id, title, type, status, path and dependsOn, sorted by id. ' +
        'Use it to find ids for the other tools. Long lists come in pages: pass nextCursor as cursor.',
      input: listTasksInput,
      output: taskListSchema,
    },
    async ({ limit, cursor, ...filters }) => {
      const workspace = await state.workspace();
      return pagedJsonResult(
        {
          tool: 'list_tasks',
          noun: 'documents',
          items: listTasks(workspace, filters).tasks,
          scope: `list_tasks\n${JSON.stringify([filters.type ?? null, filters.status ?? null, filters.query ?? null])}`,
          snapshot: workspace,
          build: (tasks, more) => ({ tasks, ...more }),
        },
        { limit, cursor },
      );
    },
  );
}

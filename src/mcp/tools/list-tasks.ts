/**
 * `list_tasks` (CATALOG, TRACE §2): the workspace's documents with their work state, filtered by
 * type, status, state or text, a page at a time.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { type ListTasksOptions, nodeVersion, taskList, type PageArguments, STATE_FILTERS, type TaskSummary, type Workspace } from '../../core/index.js';
import { pagedJsonAnswer, type Rendered } from '../paged-result.js';
import { registerTool } from '../register-tool.js';
import { choiceSchema, filterSchema, pageInput, taskListSchema } from '../schemas.js';
import type { ServerState } from '../server-state.js';

export const listTasksInput = z.object({
  type: filterSchema('type').describe('Exact type, e.g. "task".'),
  status: filterSchema('status').describe('Exact status, e.g. "todo".'),
  query: filterSchema('query').describe('Text in the id or title (any case).'),
  state: choiceSchema('state', STATE_FILTERS).optional().describe('Work state; open = ready or blocked.'),
  root: filterSchema('root').describe('A kit root\'s name: its items only.'),
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
        'Lists documents with id, title, type, status, path, dependsOn, state, blockedBy, unblocks (open work downstream) and version, sorted by id; ' +
        'state "ready": what to do next, most unblocking first.',
      input: listTasksInput,
      output: taskListSchema,
    },
    async ({ limit, cursor, ...filters }) => {
      const page = tasksPage(await state.workspace(), filters, { limit, cursor });
      return { content: page.texts.map((text) => ({ type: 'text', text })), structuredContent: page.value as Record<string, unknown> };
    },
  );
}

/**
 * A page of the listing for `filters`, as list_tasks answers it; the `docugraph://ready` resource
 * answers the first page of `state: "ready"` (`textOnly`), so that its cursor continues with the tool.
 */
export function tasksPage(workspace: Workspace, filters: ListTasksOptions, args: PageArguments, textOnly = false): Rendered {
  let listed: ReturnType<typeof taskList> | undefined;
  return pagedJsonAnswer(
    {
      tool: 'list_tasks',
      noun: 'documents',
      items: (listed ??= taskList(workspace, filters)).tasks,
      scope: `list_tasks\n${JSON.stringify([filters.type ?? null, filters.status ?? null, filters.query ?? null, filters.state ?? null, ...(filters.root === undefined ? [] : [filters.root])])}`,
      snapshot: workspace,
      // Each entry's `version` (KITS §6: what set_task_state's `expect` takes), for the page's entries only.
      build: (tasks, more) => ({ tasks: withVersions(workspace, tasks), ...more, ...(listed?.hint === undefined ? {} : { hint: listed.hint }) }),
      textOnly,
      itemExtra: VERSION_BYTES,
    },
    args,
  );
}

/** What `version` adds to an entry, at most: `,"version":"<16 hex>"` in the value, `,\n      "version": "<16 hex>"` in the text. */
const VERSION_BYTES = 2 * 48;

/** `tasks` with each one's `version` (a hash of its file's text) after its other keys. */
export function withVersions(workspace: Workspace, tasks: readonly TaskSummary[]): (TaskSummary & { version: string })[] {
  return tasks.map((task) => ({ ...task, version: nodeVersion(workspace.nodes.get(task.id)!) }));
}

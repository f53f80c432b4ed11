/**
 * `search` (CONTEXT §4): words to the workspace's tasks, requirements, stories, documents and
 * sections, ranked, a page at a time; each hit's id is what the other tools take.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { SEARCH_KINDS, SEARCH_STATES, searchList, type SearchOptions, type Workspace, type PageArguments } from '../../core/index.js';
import { pagedJsonAnswer, type Rendered } from '../paged-result.js';
import { registerTool } from '../register-tool.js';
import { choiceSchema, filterSchema, pageInput, searchAnswerSchema } from '../schemas.js';
import type { ServerState } from '../server-state.js';

export const searchInput = z.object({
  query: z.string({ error: 'query must be a string: some words to look for' }).min(1, { error: 'query must not be empty' }).max(2000, { error: 'query must be at most 2,000 characters' }),
  kind: choiceSchema('kind', SEARCH_KINDS).optional(),
  state: choiceSchema('state', SEARCH_STATES).optional(),
  scope: filterSchema('scope').describe('Folder to search under.'),
  ...pageInput,
});

export function registerSearch(server: McpServer, state: ServerState): void {
  registerTool(
    server,
    state,
    {
      name: 'search',
      title: 'Search',
      description: 'Returns the tasks, requirements, stories and document sections best matching some words, best first, with id, place, state and snippet.',
      input: searchInput,
      output: searchAnswerSchema,
    },
    async ({ limit, cursor, ...options }) => {
      const page = searchPage(await state.workspace(), options, { limit, cursor });
      return { content: page.texts.map((text) => ({ type: 'text', text })), structuredContent: page.value as Record<string, unknown> };
    },
  );
}

/** A page of the hits of `options`. */
export function searchPage(workspace: Workspace, options: SearchOptions, args: PageArguments): Rendered {
  return pagedJsonAnswer(
    {
      tool: 'search',
      noun: 'hits',
      items: searchList(workspace, options),
      scope: `search\n${JSON.stringify([options.query, options.kind ?? null, options.state ?? null, options.scope ?? null])}`,
      snapshot: workspace,
      build: (hits, more) => ({ hits, ...more }),
    },
    args,
  );
}

/**
 * `resources/list` a page at a time (CATALOG § Bounded answers): the validation report, then
 * every document by id. The SDK's own handler answers in one page, so this one replaces it.
 */
import { ProtocolError, ProtocolErrorCode, type ListResourcesResult, type McpServer, type Resource } from '@modelcontextprotocol/server';
import { DocugraphError, paginate, type Workspace } from '../core/index.js';
import type { ServerState } from './server-state.js';

/**
 * The most a page's resources may take, in ≈ tokens (bytes / 4): about 200 documents of usual
 * titles, far from the 25,000 tokens a client takes, in a few pages for 1,000 documents.
 */
export const RESOURCE_PAGE_TOKENS = 10_000;

/** Bytes a page takes besides its resources, at most: the braces, `nextCursor`, the cache hints' `_meta`. */
const PAGE_OVERHEAD = 512;

/** Answers `resources/list` with the page `cursor` asks for; a cursor it cannot resume is an invalid-params error. */
export function registerResourceList(server: McpServer, state: ServerState, entries: (workspace: Workspace) => Resource[]): void {
  server.server.removeRequestHandler('resources/list');
  server.server.setRequestHandler('resources/list', async (request): Promise<ListResourcesResult> => {
    const workspace = await state.workspace();
    const cursor = request.params?.cursor;
    try {
      const page = paginate(entries(workspace), {
        ...(cursor === undefined ? {} : { cursor }),
        scope: 'resources/list',
        snapshot: workspace,
        restart: 'resources/list',
        budgetBytes: RESOURCE_PAGE_TOKENS * 4 - PAGE_OVERHEAD,
        sizeOf: (resource) => Buffer.byteLength(JSON.stringify(resource), 'utf8') + 1,
      });
      return { resources: [...page.items], ...(page.nextCursor === null ? {} : { nextCursor: page.nextCursor }) };
    } catch (error) {
      if (error instanceof DocugraphError) throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message, { cursor });
      throw error;
    }
  });
}

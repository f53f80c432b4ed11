/**
 * `analyze_impact` (CATALOG): every document that depends on a given one, transitively, a page at a time.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { analyzeImpact, type PageArguments, type Workspace } from '../../core/index.js';
import { pagedJsonAnswer, type Rendered } from '../paged-result.js';
import { registerTool } from '../register-tool.js';
import { depthSchema, idSchema, impactSchema, pageInput } from '../schemas.js';
import type { ServerState } from '../server-state.js';

export const analyzeImpactInput = z.object({
  nodeId: idSchema('nodeId').describe('Id of the document that changes.'),
  maxDepth: depthSchema('maxDepth').describe('Levels to follow. Default: all.'),
  ...pageInput,
});

export function registerAnalyzeImpact(server: McpServer, state: ServerState): void {
  registerTool(
    server,
    state,
    {
      name: 'analyze_impact',
      title: 'Analyze impact',
      description:
        'Lists every document that depends on nodeId (or implements, verifies, refines it), transitively: what to revisit when it changes. ' +
        'Each has depth, via (the documents one level closer) and relations, sorted by depth then id. ' +
        'truncated: cut by maxDepth, or more pages. TASK_NOT_FOUND: unknown id.',
      input: analyzeImpactInput,
      output: impactSchema,
    },
    async ({ nodeId, maxDepth, limit, cursor }) => {
      const page = impactPage(await state.workspace(), nodeId, maxDepth, { limit, cursor });
      return { content: page.texts.map((text) => ({ type: 'text', text })), structuredContent: page.value as Record<string, unknown> };
    },
  );
}

/**
 * A page of the impact of `nodeId`, as analyze_impact answers it; the `docugraph://impact/{nodeId}`
 * resource answers its first page (`textOnly`), so that its cursor continues with the tool.
 */
export function impactPage(workspace: Workspace, nodeId: string, maxDepth: number | undefined, args: PageArguments, textOnly = false): Rendered {
  const impact = analyzeImpact(workspace, nodeId, maxDepth);
  return pagedJsonAnswer(
    {
      tool: 'analyze_impact',
      noun: 'impacted documents',
      items: impact.impacted,
      scope: `analyze_impact\n${JSON.stringify([nodeId, maxDepth ?? null])}`,
      snapshot: workspace,
      build: (impacted, more) => ({ nodeId, impacted, truncated: impact.truncated || more !== null, ...(more === null ? {} : { nextCursor: more.nextCursor }) }),
      textOnly,
    },
    args,
  );
}

/**
 * `analyze_impact` (CATALOG): every document that depends on a given one, transitively.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { analyzeImpact } from '../../core/index.js';
import { registerTool } from '../register-tool.js';
import { depthSchema, idSchema, impactSchema } from '../schemas.js';
import type { ServerState } from '../server-state.js';
import { jsonResult } from '../tool-result.js';

export const analyzeImpactInput = z.object({
  nodeId: idSchema('nodeId').describe('Exact id of the document that changes, e.g. "DEC-002".'),
  maxDepth: depthSchema('maxDepth').describe('How many levels of dependents to follow. Default: no limit.'),
});

export function registerAnalyzeImpact(server: McpServer, state: ServerState): void {
  registerTool(
    server,
    state,
    {
      name: 'analyze_impact',
      title: 'Analyze impact',
      description:
        'Lists every document that depends on `nodeId`, directly or transitively (a downstream walk of depends_on): ' +
        'what may need revisiting when that spec, decision or requirement changes. Each impacted document has its ' +
        'depth and `via` (the documents one level closer through which it is reached), sorted by depth then id. ' +
        'Cycles do not make it fail.',
      input: analyzeImpactInput,
      output: impactSchema,
    },
    async ({ nodeId, maxDepth }) => jsonResult(analyzeImpact(await state.workspace(), nodeId, maxDepth)),
  );
}

/**
 * `validate_traceability` (MCP-G0 §3.2): the META-01 §6 report of the server's workspace or of
 * another allowed directory.
 */
import { CLIENT_CAPABILITIES_META_KEY, type ClientCapabilities, type McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { buildReport } from '../../core/index.js';
import { clientRoots } from '../client-roots.js';
import { isInside, requestedPath, resolveAllowedDirectory, rootDirectories } from '../path-policy.js';
import { registerTool } from '../register-tool.js';
import { MAX_PATH_ARGUMENT, validationReportSchema } from '../schemas.js';
import type { ServerState } from '../server-state.js';
import { jsonResult } from '../tool-result.js';

export const validateTraceabilityInput = z.object({
  workspacePath: z
    .string({ error: 'workspacePath must be a string (a directory path)' })
    .min(1, { error: 'workspacePath must not be empty; omit it to audit the server workspace' })
    .max(MAX_PATH_ARGUMENT, { error: `workspacePath must be at most ${MAX_PATH_ARGUMENT} characters` })
    .optional()
    .describe(
      "Directory to audit instead of the server's workspace; relative paths are relative to the server's workspace. " +
        "Must lie inside the server's workspace, a client root, or an --allow-path directory. Omit it to audit the server's workspace.",
    ),
});

export function registerValidateTraceability(server: McpServer, state: ServerState): void {
  registerTool(
    server,
    state,
    {
      name: 'validate_traceability',
      title: 'Validate traceability',
      description:
        'Audits the documentation workspace and returns a JSON report: invalid or missing frontmatter, bad or ' +
        'duplicate ids, depends_on entries that name no document, dependency cycles (Tarjan), broken relative ' +
        'Markdown links and heading anchors. Each finding has code, message (what to fix), nodeId, path and line; ' +
        '`valid` is true when there are no errors (warnings do not count). Use it after editing documents or when ' +
        'get_task_context reports GRAPH_CYCLE.',
      input: validateTraceabilityInput,
      output: validationReportSchema,
    },
    async ({ workspacePath }, ctx) => {
      const workspace = await state.workspace();
      if (workspacePath === undefined) return jsonResult(buildReport(workspace));
      const root = workspace.root;
      const path = requestedPath(root, workspacePath);
      const allowed = [root, ...state.allowedPaths];
      let hint = 'Audit a directory inside the workspace, or start the server with `--allow-path <dir>`.';
      if (!allowed.some((dir) => isInside(path, dir)) && clientHasRoots(server, ctx)) {
        const roots = await clientRoots(server, ctx);
        if (roots.kind === 'ask') return roots.result;
        if (roots.kind === 'roots') allowed.push(...rootDirectories(roots.uris));
        else hint = `The client's roots could not be used: ${roots.reason}. ${hint}`;
      }
      return jsonResult(buildReport(state.load(resolveAllowedDirectory(path, allowed, hint))));
    },
  );
}

/** Whether the client declared the roots capability (per request on 2026-07-28, at initialize before). */
function clientHasRoots(server: McpServer, ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const perRequest = envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
  return (perRequest ?? server.server.getClientCapabilities())?.roots !== undefined;
}

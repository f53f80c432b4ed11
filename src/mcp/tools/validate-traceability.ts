/**
 * `validate_traceability` (MCP-G0 §3.2): the META-01 §6 report of the server's workspace or of
 * another allowed directory.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  inputRequired,
  inputResponse,
  type CallToolResult,
  type ClientCapabilities,
  type InputRequiredResult,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import { buildReport, ERROR_CODES, WARNING_CODES, type ValidationReport } from '../../core/index.js';
import { READ_ONLY } from '../annotations.js';
import { isInside, requestedPath, resolveAllowedDirectory, rootDirectories } from '../path-policy.js';
import type { ServerState } from '../server-state.js';
import { advertise, parseArguments } from '../tool-input.js';
import { jsonResult, runTool } from '../tool-result.js';

export const validateTraceabilityInput = z.object({
  workspacePath: z
    .string({ error: 'workspacePath must be a string (a directory path)' })
    .min(1, { error: 'workspacePath must not be empty; omit it to audit the server workspace' })
    .optional()
    .describe(
      "Directory to audit instead of the server's workspace; relative paths are relative to the server's workspace. " +
        "Must lie inside the server's workspace, a client root, or an --allow-path directory. Omit it to audit the server's workspace.",
    ),
});

const diagnosticSchema = z.object({
  code: z.enum([...ERROR_CODES, ...WARNING_CODES]),
  message: z.string(),
  nodeId: z.string().nullable(),
  path: z.string(),
  line: z.number().int().nullable(),
});

export const validationReportSchema = z.object({
  workspacePath: z.string(),
  nodeCount: z.number().int(),
  edgeCount: z.number().int(),
  errors: z.array(diagnosticSchema),
  warnings: z.array(diagnosticSchema),
  valid: z.boolean(),
}) satisfies z.ZodType<ValidationReport>;

const ROOTS_KEY = 'roots';

export function registerValidateTraceability(server: McpServer, state: ServerState): void {
  server.registerTool(
    'validate_traceability',
    {
      title: 'Validate traceability',
      description:
        'Audits the documentation workspace and returns a JSON report: invalid or missing frontmatter, bad or ' +
        'duplicate ids, depends_on entries that name no document, dependency cycles (Tarjan), broken relative ' +
        'Markdown links and heading anchors. Each finding has code, message (what to fix), nodeId, path and line; ' +
        '`valid` is true when there are no errors (warnings do not count). Use it after editing documents or when ' +
        'get_task_context reports GRAPH_CYCLE.',
      inputSchema: advertise(validateTraceabilityInput),
      outputSchema: validationReportSchema,
      annotations: READ_ONLY,
    },
    (raw, ctx) =>
      runTool('validate_traceability', state.log, (): CallToolResult | InputRequiredResult => {
        const args = parseArguments(validateTraceabilityInput, raw);
        if (args.workspacePath === undefined) return jsonResult(buildReport(state.workspace()));
        const root = state.workspace().root;
        const path = requestedPath(root, args.workspacePath);
        const allowed = [root, ...state.allowedPaths];
        const hint = 'Audit a directory inside the workspace, or start the server with `--allow-path <dir>`.';
        if (!allowed.some((dir) => isInside(path, dir)) && clientHasRoots(server, ctx)) {
          const roots = inputResponse(ctx.mcpReq.inputResponses, ROOTS_KEY);
          if (roots.kind !== 'roots') return inputRequired({ inputRequests: { [ROOTS_KEY]: inputRequired.listRoots() } });
          allowed.push(...rootDirectories(roots.roots.map((r) => r.uri)));
        }
        const dir = resolveAllowedDirectory(path, allowed, hint);
        return jsonResult(buildReport(state.load(dir)));
      }),
  );
}

/** Whether the client declared the roots capability (per request on 2026-07-28, at initialize before). */
function clientHasRoots(server: McpServer, ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const perRequest = envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
  return (perRequest ?? server.server.getClientCapabilities())?.roots !== undefined;
}

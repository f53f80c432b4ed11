/**
 * `validate_traceability` (MCP-G0 §3.2): the META-01 §6 report of the server's workspace or of
 * another allowed directory, a page at a time, or its summary (CATALOG § Bounded answers).
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  type InputRequiredResult,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import { buildReport, countByCode, type Diagnostic, type PageArguments, severityOf, type ValidationReport, type Workspace } from '../../core/index.js';
import { clientRoots } from '../client-roots.js';
import { isInside, requestedPath, resolveAllowedDirectory, rootDirectories } from '../path-policy.js';
import { pagedJsonAnswer, type Rendered } from '../paged-result.js';
import { registerTool } from '../register-tool.js';
import { MAX_PATH_ARGUMENT, pageInput, reportAnswerSchema } from '../schemas.js';
import type { ServerState } from '../server-state.js';
import { jsonResult } from '../tool-result.js';

export const validateTraceabilityInput = z.object({
  workspacePath: z
    .string({ error: 'workspacePath must be a string (a directory path)' })
    .min(1, { error: 'workspacePath must not be empty; omit it to audit the server workspace' })
    .max(MAX_PATH_ARGUMENT, { error: `workspacePath must be at most ${MAX_PATH_ARGUMENT} characters` })
    .optional()
    .describe('Another directory to audit: in the workspace, a client root or an --allow-path.'),
  summary: z.boolean({ error: 'summary must be true or false' }).optional().describe('true: counts per code only (no findings, no pages).'),
  ...pageInput,
});

export function registerValidateTraceability(server: McpServer, state: ServerState): void {
  registerTool(
    server,
    state,
    {
      name: 'validate_traceability',
      title: 'Validate traceability',
      description:
        'Audits the workspace: frontmatter, ids, depends_on targets, cycles, Markdown links and anchors. Returns errors and ' +
        'warnings (code, message saying what to fix, nodeId, path, line); valid: no errors. Use it after ' +
        'editing documents or on GRAPH_CYCLE. Long reports come in pages.',
      input: validateTraceabilityInput,
      output: reportAnswerSchema,
    },
    async ({ workspacePath, summary, limit, cursor }, ctx) => {
      const target = await auditedWorkspace(server, state, ctx, workspacePath);
      if ('ask' in target) return target.ask;
      const audited = target.workspace;
      const report = buildReport(audited);
      // A summary is one short answer: limit and cursor do not apply.
      if (summary === true) {
        const { workspacePath: path, nodeCount, edgeCount, valid, relationCounts, coverage } = report;
        return jsonResult({ workspacePath: path, nodeCount, edgeCount, valid, ...(relationCounts === undefined ? {} : { relationCounts }), ...(coverage === undefined ? {} : { coverage }), counts: countByCode(report) });
      }
      const page = reportPage(audited, report, { limit, cursor });
      return { content: page.texts.map((text) => ({ type: 'text', text })), structuredContent: page.value as Record<string, unknown> };
    },
  );
}

/**
 * A page of `report` (of `workspace`), as validate_traceability answers it: errors, then
 * warnings, one list; `counts` on every page that does not hold the whole report. The
 * `docugraph://validation` resource and `prompt_audit_traceability` answer its first page, so
 * that the cursor they give continues with the tool.
 */
export function reportPage(workspace: Workspace, report: ValidationReport, args: PageArguments, textOnly = false): Rendered {
  // The counts describe the whole report on every page; the page is rendered several times while it is filled.
  let counts: ReturnType<typeof countByCode> | undefined;
  return pagedJsonAnswer(
    {
      tool: 'validate_traceability',
      noun: 'findings',
      items: [...report.errors, ...report.warnings],
      scope: `validate_traceability\n${report.workspacePath}`,
      snapshot: workspace,
      build: (findings, more, start) => {
        const page = { ...report, errors: findings.filter(isError), warnings: findings.filter((d) => !isError(d)) };
        return start === 0 && more === null ? page : { ...page, counts: (counts ??= countByCode(report)), ...more };
      },
      textOnly,
    },
    args,
  );
}

/**
 * The workspace to audit: the server's, or the allowed directory `workspacePath` names (loaded
 * through `state.load`, from the checked path, never resolved again); or the result that asks
 * the client for its roots first.
 */
async function auditedWorkspace(
  server: McpServer,
  state: ServerState,
  ctx: ServerContext,
  workspacePath: string | undefined,
): Promise<{ workspace: Workspace } | { ask: InputRequiredResult }> {
  const workspace = await state.workspace();
  if (workspacePath === undefined) return { workspace };
  const root = workspace.root;
  const path = requestedPath(root, workspacePath);
  const allowed = [root, ...state.allowedPaths];
  let hint = 'Audit a directory inside the workspace, or start the server with `--allow-path <dir>`.';
  if (!allowed.some((dir) => isInside(path, dir))) {
    if (state.clientRoots === false) {
      hint += " Over HTTP the roots a client declares count only when the server was started with `--client-roots`.";
    } else if (clientHasRoots(server, ctx)) {
      const roots = await clientRoots(server, ctx);
      if (roots.kind === 'ask') return { ask: roots.result };
      if (roots.kind === 'roots') allowed.push(...rootDirectories(roots.uris));
      else hint = `The client's roots could not be used: ${roots.reason}. ${hint}`;
    }
  }
  const dir = resolveAllowedDirectory(path, allowed, hint);
  // The server's own workspace is the live one: no second load.
  return { workspace: dir === root ? workspace : await state.load(dir) };
}

function isError(finding: Diagnostic): boolean {
  return severityOf(finding.code) === 'error';
}

/** Whether the client declared the roots capability (per request on 2026-07-28, at initialize before). */
function clientHasRoots(server: McpServer, ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const perRequest = envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
  return (perRequest ?? server.server.getClientCapabilities())?.roots !== undefined;
}

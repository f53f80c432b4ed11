/**
 * The MCP surface: an `McpServer` whose tools compose the core. No argv, no process, no transport.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { registerNotifications, type Era } from './notifications.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
import { registerViewApp } from './view-app.js';
import type { ServerState } from './server-state.js';
import { registerAnalyzeImpact } from './tools/analyze-impact.js';
import { registerGetAcceptanceCriteria } from './tools/get-acceptance-criteria.js';
import { registerGetDependencyGraph } from './tools/get-dependency-graph.js';
import { registerGetTaskContext } from './tools/get-task-context.js';
import { registerListTasks } from './tools/list-tasks.js';
import { registerSearch } from './tools/search.js';
import { registerValidateTraceability } from './tools/validate-traceability.js';
import { registerWriteTools } from './tools/write-tools.js';
import { explainWritesOff } from './writes-off.js';
import { VERSION } from '../common/version.js';

export const SERVER_NAME = 'docugraph-mcp';

const INSTRUCTIONS =
  'DocuGraph serves a docs-as-code workspace (Markdown files with YAML frontmatter: id, title, type, status, depends_on). ' +
  'Before working on a task, call get_task_context with its id to get every document it depends on, in order, with the reason each is included, ' +
  'and get_acceptance_criteria for its definition of done. Use list_tasks to find ids, analyze_impact to see what depends on a document, ' +
  'get_dependency_graph to see the graph, and validate_traceability to audit ids, dependencies, links and cycles. ' +
  'After editing documents, call analyze_impact with since "HEAD" to see what your edits affect.';

/** The `tools` capability's place, with nothing in it yet (see createServer). */
const TOOLS_LATER = { tools: undefined } as object;

/** Answers follow the disk: lists and reads may change at any time (2026-07-28 cache fields). */
const MAY_CHANGE = { ttlMs: 0, cacheScope: 'private' } as const;

/**
 * Creates a server with every DocuGraph tool, resource and prompt registered over `state`;
 * with `state.onUpdate`, it also tells the client when resources change (`era` says how).
 */
export function createServer(state: ServerState, era: Era = 'legacy'): McpServer {
  const live = state.onUpdate !== undefined;
  const server = new McpServer(
    { name: SERVER_NAME, title: 'DocuGraph', version: VERSION },
    {
      // `tools` is left unset here, in its place (the capabilities keep their order): set, the SDK
      // would install its tools/call handler at once; unset, the first tool registered installs
      // it (and `tools: { listChanged: true }`), after explainWritesOff can guard it.
      capabilities: { ...TOOLS_LATER, resources: live ? { subscribe: true, listChanged: true } : {}, prompts: {}, completions: {} },
      instructions: INSTRUCTIONS,
      cacheHints: { 'resources/list': MAY_CHANGE, 'resources/read': MAY_CHANGE, 'resources/templates/list': MAY_CHANGE },
    },
  );
  // Before the first tool: the SDK's tools/call handler is installed with it.
  if (state.writer === undefined) explainWritesOff(server);
  registerGetTaskContext(server, state);
  registerValidateTraceability(server, state);
  registerListTasks(server, state);
  registerSearch(server, state);
  registerGetAcceptanceCriteria(server, state);
  registerAnalyzeImpact(server, state);
  registerGetDependencyGraph(server, state);
  if (state.writer !== undefined) registerWriteTools(server, state, state.writer);
  registerResources(server, state);
  registerViewApp(server);
  registerPrompts(server, state);
  if (state.onUpdate !== undefined) registerNotifications(server, state.onUpdate, era);
  return server;
}

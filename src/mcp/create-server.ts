/**
 * The MCP surface: an `McpServer` whose tools compose the core. No argv, no process, no transport.
 */
import { McpServer } from '@modelcontextprotocol/server';
import type { ServerState } from './server-state.js';
import { registerGetTaskContext } from './tools/get-task-context.js';
import { registerValidateTraceability } from './tools/validate-traceability.js';
import { VERSION } from './version.js';

export const SERVER_NAME = 'docugraph-mcp';

const INSTRUCTIONS =
  'DocuGraph serves a docs-as-code workspace (Markdown files with YAML frontmatter: id, title, type, status, depends_on). ' +
  'Before working on a task, call get_task_context with its id to get every document it depends on, in order, with the reason each is included. ' +
  'Call validate_traceability to audit ids, dependencies, links and cycles.';

/** Creates a server with every DocuGraph tool registered over `state`. */
export function createServer(state: ServerState): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, title: 'DocuGraph', version: VERSION },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  registerGetTaskContext(server, state);
  registerValidateTraceability(server, state);
  return server;
}

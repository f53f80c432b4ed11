/**
 * The MCP surface in-process: `createServer` and the SDK client over an in-memory transport.
 */
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { afterEveryTest } from './after-every-test.js';
import { loadWorkspace, type Workspace } from '../../src/core/index.js';
import { createServer } from '../../src/mcp/create-server.js';
import type { ServerState } from '../../src/mcp/server-state.js';

const open: Client[] = [];
afterEveryTest(async () => {
  while (open.length > 0) await open.pop()!.close();
});

/** Connects a client to a server over `workspace`; `state` overrides parts of the server state. */
export async function connectInMemory(workspace: Workspace, state: Partial<ServerState> = {}): Promise<{ client: Client; logs: string[] }> {
  const logs: string[] = [];
  const server = createServer({
    workspace: () => workspace,
    allowedPaths: [],
    load: loadWorkspace,
    log: (line) => logs.push(line),
    ...state,
  });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: 'docugraph-test', version: '1.0.0' });
  await client.connect(clientTransport);
  open.push(client);
  return { client, logs };
}

/** The text of a tool result's first content item. */
export function textOf(result: { content?: unknown }): string {
  const first = (result.content as { type: string; text?: string }[] | undefined)?.[0];
  if (first?.type !== 'text' || first.text === undefined) throw new Error(`expected text content, got ${JSON.stringify(result)}`);
  return first.text;
}

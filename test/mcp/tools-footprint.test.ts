/**
 * CATALOG § Bounded answers, schema footprint: the whole `tools/list` answer (every tool's
 * name, title, description, schemas and annotations, as the JSON-RPC message the server
 * sends) stays under 2,500 tokens (≈ UTF-8 bytes / 4).
 */
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../src/core/index.js';
import { estimateTokens } from '../../src/core/answer/token-budget.js';
import { createServer } from '../../src/mcp/create-server.js';
import { DEMO } from '../helpers/paths.js';

describe('tools/list footprint', () => {
  it('is under 2,500 tokens, and every tool still says what it returns', async () => {
    const workspace = loadWorkspace(DEMO);
    const server = createServer({ workspace: () => workspace, allowedPaths: [], load: loadWorkspace, log: () => {} });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const sent: string[] = [];
    const send = serverTransport.send.bind(serverTransport);
    serverTransport.send = async (message: JSONRPCMessage, options) => {
      sent.push(JSON.stringify(message));
      return send(message, options);
    };
    await server.connect(serverTransport);
    const client = new Client({ name: 'docugraph-test', version: '1.0.0' });
    await client.connect(clientTransport);
    const { tools } = await client.listTools();
    await client.close();

    const answer = sent.find((line) => line.includes('"tools":['));
    expect(answer).toBeDefined();
    const tokens = estimateTokens(answer!);
    console.log(`tools/list answer: ${Buffer.byteLength(answer!, 'utf8')} bytes, ≈${tokens} tokens for ${tools.length} tools`);
    expect(tokens).toBeLessThan(2_500);
    expect(tools).toHaveLength(7);
    for (const tool of tools) {
      expect(tool.description, tool.name).toMatch(/^(Returns|Lists|Audits)\b/);
      expect(tool.description!.length, tool.name).toBeGreaterThan(80);
    }
  });
});

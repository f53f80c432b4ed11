/**
 * The draining STDIO transport: stdin ending (or shutdown) waits for requests in flight.
 */
import { PassThrough } from 'node:stream';
import { McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { DrainingStdioTransport } from '../../src/mcp/stdio.js';

function slowServer(delayMs: number) {
  const server = new McpServer({ name: 'slow', version: '1.0.0' });
  server.registerTool('slow', { inputSchema: z.object({}) }, async () => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return { content: [{ type: 'text', text: 'done' }] };
  });
  return server;
}

const lines = (text: string) => text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id?: number; result?: unknown });

describe('DrainingStdioTransport', () => {
  it('answers a slow request that arrived before stdin ended, then closes', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let written = '';
    stdout.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const transport = new DrainingStdioTransport(stdin, stdout);
    const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
    const server = slowServer(150);
    await server.connect(transport);
    const closedAt = closed.then(() => written);
    stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } } })}\n` +
        `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n` +
        `${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'slow', arguments: {} } })}\n`,
    );
    stdin.end();
    const output = await closedAt;
    expect(lines(output).map((m) => m.id)).toEqual([1, 2]);
    expect(JSON.stringify(lines(output)[1])).toContain('done');
  });

  it('shutdown() with nothing in flight closes at once', async () => {
    const stdin = new PassThrough();
    const transport = new DrainingStdioTransport(stdin, new PassThrough());
    const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
    await slowServer(0).connect(transport);
    transport.shutdown();
    await closed;
    expect(stdin.listenerCount('data')).toBe(0);
  });
});

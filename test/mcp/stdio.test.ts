/**
 * The draining STDIO transport: stdin ending (or shutdown) waits for requests in flight.
 */
import { PassThrough } from 'node:stream';
import { McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { DrainingStdioTransport, OUTPUT_BUDGET_BYTES } from '../../src/mcp/stdio.js';

function slowServer(delayMs: number) {
  const server = new McpServer({ name: 'slow', version: '1.0.0' });
  server.registerTool('slow', { inputSchema: z.object({}) }, async () => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return { content: [{ type: 'text', text: 'done' }] };
  });
  return server;
}

/** A server whose tool answers 100 KB of text, or never answers (`hang`). */
function bigServer() {
  const server = new McpServer({ name: 'big', version: '1.0.0' });
  server.registerTool('big', { inputSchema: z.object({}) }, () => ({ content: [{ type: 'text', text: 'x'.repeat(100_000) }] }));
  server.registerTool('hang', { inputSchema: z.object({}) }, () => new Promise<never>(() => {}));
  return server;
}

const INIT =
  `${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } } })}\n` +
  `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`;
const call = (id: number, name: string) => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } })}\n`;
const ticks = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

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

  it('stops reading requests while stdout holds a full budget, and answers everything once it is read', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const transport = new DrainingStdioTransport(stdin, stdout);
    await bigServer().connect(transport);
    const requests = 200; // 20 MB of answers
    stdin.write(INIT + Array.from({ length: requests }, (_, i) => call(i + 1, 'big')).join(''));
    await ticks(400);
    // Nobody reads stdout: at most the budget plus one answer is buffered, and stdin is paused.
    expect(stdout.writableLength + stdout.readableLength).toBeLessThan(OUTPUT_BUDGET_BYTES + 2 * 100_000);
    expect(stdin.isPaused()).toBe(true);
    const chunks: Buffer[] = [];
    let newlines = 0;
    const all = new Promise<void>((resolve) =>
      stdout.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines += 1;
        if (newlines === requests + 1) resolve();
      }),
    );
    await all;
    expect(lines(Buffer.concat(chunks).toString()).map((m) => m.id)).toEqual(Array.from({ length: requests + 1 }, (_, i) => i));
    stdin.end();
    await transport.closed;
  });

  it('a request still unanswered at the drain deadline gets a JSON-RPC error before the transport closes', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let written = '';
    stdout.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const transport = new DrainingStdioTransport(stdin, stdout, { drainTimeoutMs: 50 });
    await bigServer().connect(transport);
    stdin.write(INIT + call(1, 'hang'));
    await ticks(20);
    transport.shutdown();
    await transport.closed;
    expect(lines(written).at(-1)).toMatchObject({ id: 1, error: { code: -32603, message: expect.stringContaining('shut down') } });
  });
});

describe('DrainingStdioTransport: the end of the handshake (when the server starts its load)', () => {
  /** A started transport nobody serves yet (what it reads is delivered, never answered), and whether its handshake is over. */
  const started = async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    stdout.resume();
    const transport = new DrainingStdioTransport(stdin, stdout);
    let over = false;
    void transport.handshakeOver.then(() => (over = true));
    transport.onmessage = () => {};
    await transport.start();
    return { stdin, transport, done: () => over };
  };

  it('comes with the first answer: initialize alone does not end it', async () => {
    const { stdin, transport, done } = await started();
    stdin.write(INIT);
    await ticks(5);
    expect(done()).toBe(false);
    await transport.send({ jsonrpc: '2.0', id: 0, result: {} });
    await ticks(2);
    expect(done()).toBe(true);
  });

  it('comes with a request beyond the handshake (a 2026-07-28 client may start with one), or when stdin ends', async () => {
    for (const input of [call(1, 'slow'), null]) {
      const { stdin, done } = await started();
      if (input === null) stdin.end();
      else stdin.write(input);
      await ticks(5);
      expect(done(), String(input)).toBe(true);
    }
  });
});

/**
 * Hardening, second pass (issue 21): the 2025 session table. The SDK client's `close()`
 * sends no DELETE, so every connect/close cycle leaves a session behind: the table must stay
 * bounded without ever turning a new client away, end idle sessions, and never end one that
 * is answering a request.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StreamableHTTPClientTransport, type Client } from '@modelcontextprotocol/client';
import { callStatus, openStream, post, rawSession, spawnLimited, until } from '../helpers/http-clients.js';
import { connectUrl, DEMO, sdkClient, textOf } from '../helpers/server-process.js';
import { doc, testdir } from '../helpers/testdir.js';

describe('the 2025 session table', () => {
  it('connect, call and close with the SDK client, many times over the cap: never a 503, and a connected client stays', async () => {
    // Six times over a cap of 4 (it was 8: the same churn over the cap, half the clients).
    const maxSessions = 4;
    const server = await spawnLimited(DEMO, { limits: { maxSessions } });
    const resident = await connectUrl(server.url);
    const failures: string[] = [];
    for (let i = 0; i < 6 * maxSessions; i += 1) {
      try {
        const client = await connectUrl(server.url);
        expect((await client.callTool({ name: 'validate_traceability', arguments: { summary: true } })).structuredContent).toMatchObject({ nodeCount: 15 });
        await client.close(); // no DELETE: the session stays until it is ended
      } catch (error) {
        failures.push(`cycle ${i}: ${(error as Error).message}`);
      }
      if (i % maxSessions === 0) expect(textOf(await resident.callTool({ name: 'get_task_context', arguments: { taskId: 'BE-02', maxDepth: 0 } }))).toContain('BE-02');
    }
    expect(failures).toEqual([]);
    expect(textOf(await resident.callTool({ name: 'get_task_context', arguments: { taskId: 'BE-02', maxDepth: 0 } }))).toContain('BE-02');
    await resident.close();
  }, 60_000);

  it('full, a new session ends the one idle longest; with every one holding a stream, the least recently active', async () => {
    const server = await spawnLimited(DEMO, { limits: { maxSessions: 3 } });
    const [a, b, c] = [await rawSession(server.url), await rawSession(server.url), await rawSession(server.url)];
    const streamA = await openStream(server.url, a);
    await openStream(server.url, c);
    // b holds no stream: it goes first, although a is older.
    const d = await rawSession(server.url);
    expect(await callStatus(server.url, b)).toBe(404);
    expect(await callStatus(server.url, a)).toBe(200);
    expect(await callStatus(server.url, c)).toBe(200);
    // Now a, c and d; d opens its stream too, and c and d call after a: a is the least recently active.
    await openStream(server.url, d);
    expect(await callStatus(server.url, c)).toBe(200);
    expect(await callStatus(server.url, d)).toBe(200);
    const e = await rawSession(server.url);
    await streamA.ended; // a's stream ended with its session
    const missing = await post(server.url, { jsonrpc: '2.0', id: 3, method: 'tools/list' }, { session: a });
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body).error.message).toContain('Send initialize again');
    for (const session of [c, d, e]) expect(await callStatus(server.url, session)).toBe(200);
  });

  it('a session with no request and no stream ends after sessionIdleMs; one holding a stream does not', async () => {
    const server = await spawnLimited(DEMO, { limits: { sessionIdleMs: 1_000 } });
    const idle = await rawSession(server.url);
    const streaming = await rawSession(server.url);
    await openStream(server.url, streaming);
    expect(await callStatus(server.url, idle)).toBe(200);
    // Idle for 1 s, then found by the next check (every second), with a margin.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(await callStatus(server.url, idle)).toBe(404);
    expect(await callStatus(server.url, streaming)).toBe(200);
  });

  it('SDK clients of both eras holding streams while many more churn: the ones holding streams keep working', async () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A' }) });
    const server = await spawnLimited(root, { limits: { maxSessions: 6 } });
    const steady: Client[] = [];
    const heard = [0, 0, 0, 0];
    for (let i = 0; i < 4; i += 1) {
      const client = sdkClient({ era: i % 2 === 0 ? 'legacy' : 'modern' });
      client.setNotificationHandler('notifications/resources/list_changed', () => void (heard[i] = (heard[i] ?? 0) + 1));
      await client.connect(new StreamableHTTPClientTransport(server.url));
      if (i % 2 === 1) await client.listen({ resourcesListChanged: true });
      steady.push(client);
    }
    await steady[0]!.callTool({ name: 'validate_traceability', arguments: { summary: true } });
    // A new document: every steady client hears of it, so every one's stream is open.
    writeFileSync(join(root, 'b.md'), doc({ id: 'B', title: 'B' }));
    await until(() => heard.every((n) => n >= 1), 10_000, `every steady client heard of the change (${heard.join(', ')})`);
    for (let i = 0; i < 20; i += 1) {
      const passer = await connectUrl(server.url);
      await passer.listTools();
      await passer.close();
    }
    for (const client of steady) expect((await client.listTools()).tools).toHaveLength(7);
    await Promise.all(steady.map((client) => client.close()));
  }, 60_000);
});

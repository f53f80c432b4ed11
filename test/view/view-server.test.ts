/**
 * Issue 53, item 6: `docugraph view`'s server caps its connections and times out the ones that
 * send nothing, half a request, or stay idle — as the MCP HTTP server does — so that a local
 * process cannot hold its memory, nor keep the page out. In-process, with small limits.
 */
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../src/core/index.js';
import { createViewServer, VIEW_LIMITS, type ViewServer } from '../../src/view/serve-view.js';
import { testdir } from '../helpers/testdir.js';
import { closedAfter, openRaw as openRawSocket, send, until } from '../helpers/http-clients.js';

const SMALL = { headersTimeoutMs: 600, requestTimeoutMs: 1_200, keepAliveTimeoutMs: 400, timeoutCheckMs: 100, maxConnections: 12, maxPendingConnections: 6, maxPendingPerAddress: 6, pendingGraceMs: 200 };

let server: ViewServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server?.close();
  server = undefined;
});

async function start(limits = SMALL): Promise<URL> {
  const workspace = loadWorkspace(testdir({ 'a.md': '---\nid: A\ntitle: A\n---\nBody.\n' }));
  server = createViewServer({ snapshot: async () => workspace, onUpdate: () => () => {} }, 0, limits);
  return new URL(await server.listen());
}

/** A raw connection that sends `data` and then nothing; resolves once connected (destroyed before the server closes). */
async function openRaw(url: URL, data: string): Promise<Socket> {
  const socket = await openRawSocket(url, data);
  sockets.push(socket);
  return socket;
}

describe("docugraph view's connections (issue 53, item 6)", () => {
  it('has the MCP HTTP server kind of limits by default', () => {
    expect(VIEW_LIMITS).toMatchObject({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, timeoutCheckMs: 1_000 });
    expect(VIEW_LIMITS.maxConnections).toBeGreaterThan(64);
  });

  it('closes a connection that sends nothing, or half a request, within about its header timeout (408)', async () => {
    const url = await start();
    const closes = await Promise.all([openRaw(url, '').then(closedAfter), openRaw(url, `GET / HTTP/1.1\r\nHost: ${url.host}\r\n`).then(closedAfter)]);
    for (const { ms, received } of closes) {
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      expect(ms).toBeGreaterThan(SMALL.headersTimeoutMs - 200);
      expect(ms).toBeLessThan(SMALL.headersTimeoutMs + 3_000);
    }
  });

  it('closes a keep-alive connection idle for its keep-alive timeout', async () => {
    const url = await start();
    const socket = await openRaw(url, `GET /api/graph HTTP/1.1\r\nHost: ${url.host}\r\nConnection: keep-alive\r\n\r\n`);
    const { ms, received } = await closedAfter(socket);
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(ms).toBeGreaterThan(SMALL.keepAliveTimeoutMs - 200);
    expect(ms).toBeLessThan(SMALL.keepAliveTimeoutMs + 3_000);
  });

  it('never holds more than its cap: a flood of half-sent requests is closed oldest first, and the page is still served', async () => {
    const url = await start({ ...SMALL, headersTimeoutMs: 60_000, requestTimeoutMs: 120_000 });
    const flood = await Promise.all(Array.from({ length: 3 * SMALL.maxConnections }, () => openRaw(url, 'GET / HTTP/1.1\r\n')));
    await until(() => flood.filter((s) => !s.destroyed && !s.readableEnded).length <= SMALL.maxConnections, 5_000, 'the flood is cut to the cap');
    const answer = await send(url, { path: '/', headers: { host: url.host } });
    expect(answer.status).toBe(200);
    // The pending cap then closes the rest of the flood that outlived its grace.
    await until(() => flood.filter((s) => !s.destroyed && !s.readableEnded).length <= SMALL.maxPendingConnections, 5_000, 'the flood is cut to the pending cap');
  });
});

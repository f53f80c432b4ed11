/**
 * Hardening, second pass (issue 21): slow and half-open clients against the built HTTP
 * server. A flood of half-sent requests from a client without the token (all on 127.0.0.1,
 * as every client on loopback is) must never keep out a client that sends a whole request;
 * the header and whole-request timeouts must act within about a second of their value; and
 * running out of file descriptors must not end the server.
 */
import { describe, expect, it } from 'vitest';
import { BEARER, closedAfter, halfRequest, openRaw, send, spawnLimited, startFlood, TOKEN, until, type HalfSent } from '../helpers/http-clients.js';
import { connectUrl, DEMO, textOf } from '../helpers/server-process.js';

/** Caps far below the binary's, so that a test exceeds them with a few hundred sockets. */
const SMALL = { maxConnections: 120, maxPendingConnections: 40, maxPendingPerAddress: 20, pendingGraceMs: 300, headersTimeoutMs: 120_000, requestTimeoutMs: 240_000 };
const STAGES: readonly HalfSent[] = ['nothing', 'request-line', 'headers', 'body'];

describe('half-sent requests', () => {
  it('a flood of them, over every cap, never keeps out a client with the token', async () => {
    const server = await spawnLimited(DEMO, { limits: SMALL, token: TOKEN });
    // From a process of its own, as an attacker's: this one only probes, promptly. "Promptly"
    // has a measure: a newcomer closes the oldest pending connection, so a connection lives
    // as long as the flood takes to open the table's worth of new ones. With F sockets over
    // a cap of C, each reopened d ms after it is closed, that is C·d/(F−C): 50 ms here
    // (F = 3C, d = 100 ms). At d = 20 ms it was 10 ms, and on a loaded 2-core machine this
    // process was once not scheduled within it: one probe in ~2,500 was closed unread.
    const attack = startFlood(server.url, 3 * SMALL.maxConnections, 100);
    await until(() => attack.opened() >= 3 * SMALL.maxConnections, 20_000, 'the flood is open');
    // An SDK client that connects in the middle of it works throughout.
    const client = await connectUrl(server.url, { headers: BEARER });
    const served: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const answer = await send(server.url, { headers: BEARER });
      served.push(answer.status);
      expect(textOf(await client.callTool({ name: 'get_task_context', arguments: { taskId: 'BE-02', maxDepth: 0 } }))).toContain('# Context bundle: BE-02');
    }
    expect(served).toEqual(Array(20).fill(200));
    // The flood was closed and reopened, not let to hold its connections: once it stops
    // reopening, the pending caps leave at most one address's share of it open.
    expect(attack.opened()).toBeGreaterThan(3 * SMALL.maxConnections);
    attack.stop();
    await until(() => attack.open() <= SMALL.maxPendingPerAddress, 15_000, `at most ${SMALL.maxPendingPerAddress} of the flood's connections are open (now ${attack.open()})`);
    await client.close();
    expect(server.stdout()).toBe('');
  }, 90_000);

  it('a client without the token gets 401 at once and its connection closed, whatever body it promised', async () => {
    const server = await spawnLimited(DEMO, { limits: SMALL, token: TOKEN });
    const socket = await openRaw(server.url, halfRequest(server.url, 'body'));
    const { ms, received } = await closedAfter(socket);
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
    expect(received.toLowerCase()).toContain('connection: close');
    expect(ms).toBeLessThan(5_000);
  });

  it('the header and whole-request timeouts act within about a second of their value', async () => {
    const limits = { headersTimeoutMs: 1_500, requestTimeoutMs: 3_000 };
    const server = await spawnLimited(DEMO, { limits, token: TOKEN });
    // Each socket's time is from its connection on (closedAfter starts once it connected).
    const closes = await Promise.all([
      openRaw(server.url, '').then(closedAfter),
      openRaw(server.url, halfRequest(server.url, 'request-line')).then(closedAfter),
      openRaw(server.url, halfRequest(server.url, 'headers', BEARER)).then(closedAfter),
      // Headers whole (with the token), the body never finished: the whole-request limit.
      openRaw(server.url, halfRequest(server.url, 'body', BEARER)).then(closedAfter),
    ]);
    for (let i = 0; i < 3; i += 1) {
      expect(closes[i]!.received).toMatch(/^HTTP\/1\.1 408 /);
      expect(closes[i]!.ms).toBeGreaterThan(limits.headersTimeoutMs - 500);
      // Node checks every `timeoutCheckMs` (1 s); it used to be every 30 s.
      expect(closes[i]!.ms).toBeLessThan(limits.headersTimeoutMs + 3_000);
    }
    expect(closes[3]!.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(closes[3]!.ms).toBeGreaterThan(limits.requestTimeoutMs - 500);
    expect(closes[3]!.ms).toBeLessThan(limits.requestTimeoutMs + 3_000);
    expect((await send(server.url, { headers: BEARER })).status).toBe(200);
  }, 30_000);

  it('out of file descriptors, the server keeps running and serves again once the caps close the flood', async () => {
    // 256 descriptors (Node's start-up opens up to ~130 at once) and the binary's caps: the
    // flood takes every descriptor left (libuv then accepts and closes the rest at once).
    const server = await spawnLimited(DEMO, { token: TOKEN, maxFiles: 256 });
    const sockets = await Promise.all(Array.from({ length: 500 }, (_, i) => openRaw(server.url, halfRequest(server.url, STAGES[i % 4]!))));
    let status = 0;
    const deadline = performance.now() + 20_000;
    while (status !== 200 && performance.now() < deadline) {
      status = await send(server.url, { headers: BEARER, timeoutMs: 5_000 }).then(
        (answer) => answer.status,
        () => 0,
      );
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    expect(server.child.exitCode).toBe(null);
    for (const socket of sockets) socket.destroy();
  }, 60_000);
});

/**
 * Fault suite (issue 21): slow and half-open HTTP clients. Each round opens a seeded mix of
 * misbehaving connections — silent, a request cut at a random byte, one dripped a byte at a
 * time, half-closed, reset, garbage, oversized headers, a body promised and never sent,
 * pipelined answers never read — on top of what earlier rounds left, then an authenticated
 * client must be served promptly, and the server must stay up with nothing on stdout.
 * `FUZZ_RUNS` sets the number of rounds (3 in `npm test`).
 */
import type { Socket } from 'node:net';
import { expect, it } from 'vitest';
import { BEARER, halfRequest, MCP_HEADERS, openRaw, send, spawnLimited, TOKEN } from '../helpers/http-clients.js';
import { fuzzRuns, fuzzTimeout, FUZZ_SEED, Rng } from '../helpers/prng.js';
import { connectUrl, DEMO } from '../helpers/server-process.js';

const LIMITS = { maxConnections: 100, maxPendingConnections: 40, maxPendingPerAddress: 20, pendingGraceMs: 300, headersTimeoutMs: 2_000, requestTimeoutMs: 4_000, stallMs: 3_000 };

const BEHAVIOURS = ['silent', 'cut', 'drip', 'half-close', 'reset', 'garbage', 'huge-headers', 'no-token-body', 'pipelined-unread'] as const;
type Behaviour = (typeof BEHAVIOURS)[number];

/** A whole request with the token: `tools/list` in no session (answered 400, cheaply). */
function wholeRequest(url: URL): string {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  const headers = { ...MCP_HEADERS, ...BEARER, 'content-length': String(Buffer.byteLength(body)) };
  return `POST /mcp HTTP/1.1\r\nHost: ${url.host}\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n${body}`;
}

/** Opens one misbehaving connection; it stays as it is until the test ends (or the server closes it). */
async function misbehave(url: URL, behaviour: Behaviour, rng: Rng): Promise<Socket> {
  const request = wholeRequest(url);
  switch (behaviour) {
    case 'silent':
      return openRaw(url, '');
    case 'cut':
      return openRaw(url, request.slice(0, rng.int(1, request.length - 1)));
    case 'drip': {
      const socket = await openRaw(url, '');
      let at = 0;
      const timer = setInterval(() => {
        if (socket.destroyed || at >= request.length) return clearInterval(timer);
        socket.write(request[at++]!);
      }, rng.int(50, 400));
      socket.once('close', () => clearInterval(timer));
      return socket;
    }
    case 'half-close': {
      const socket = await openRaw(url, request.slice(0, rng.int(0, request.length - 1)));
      socket.end();
      return socket;
    }
    case 'reset': {
      const socket = await openRaw(url, request.slice(0, rng.int(0, request.length - 1)));
      socket.resetAndDestroy();
      return socket;
    }
    case 'garbage':
      return openRaw(url, rng.chars('\r\n :/GETPOSxyz\u00ff\u0000', rng.int(1, 200)));
    case 'huge-headers':
      return openRaw(url, `GET /healthz HTTP/1.1\r\nHost: ${url.host}\r\nx-pad: ${'a'.repeat(20_000)}\r\n\r\n`);
    case 'no-token-body':
      return openRaw(url, halfRequest(url, 'body'));
    case 'pipelined-unread': {
      const socket = await openRaw(url, '');
      socket.pause();
      socket.write(request.repeat(rng.int(5, 50)));
      return socket;
    }
  }
}

it('rounds of slow and half-open clients: an authenticated client is served promptly after each, the server stays up', async () => {
  const server = await spawnLimited(DEMO, { limits: LIMITS, token: TOKEN });
  const client = await connectUrl(server.url, { headers: BEARER });
  const base = new Rng(FUZZ_SEED);
  const failures: string[] = [];
  const open: Socket[] = [];
  for (let round = 0; round < fuzzRuns(3); round += 1) {
    const rng = base.fork(round);
    const count = rng.int(20, 3 * LIMITS.maxConnections);
    const mix = Array.from({ length: count }, () => rng.pick(BEHAVIOURS));
    open.push(...(await Promise.all(mix.map((behaviour, i) => misbehave(server.url, behaviour, rng.fork(i))))));
    const probe = await send(server.url, { headers: BEARER, timeoutMs: 10_000 }).catch((error: Error) => ({ status: 0, ms: Number.NaN, error }));
    if (probe.status !== 200) failures.push(`seed ${FUZZ_SEED} round ${round} (${count} clients): the probe got ${probe.status}`);
    try {
      await client.listTools();
    } catch (error) {
      failures.push(`seed ${FUZZ_SEED} round ${round}: the SDK client failed: ${(error as Error).message}`);
    }
    if (server.child.exitCode !== null) break;
    // Let the timeouts and caps close some of what is open before the next round adds more.
    await new Promise((resolve) => setTimeout(resolve, rng.int(0, 1_500)));
  }
  for (const socket of open) socket.destroy();
  expect(failures).toEqual([]);
  expect(server.child.exitCode).toBe(null);
  expect(server.stdout()).toBe('');
  expect(server.stderr()).not.toMatch(/internal error|Error:|at .*\.js:\d+/);
  await client.close();
}, fuzzTimeout(60_000));

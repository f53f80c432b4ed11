/**
 * Fault suite (issue 21): long-lived streams. First the writer alone (in process, over real
 * sockets): seeded sequences of events — notifications that repeat, requests that do not,
 * keep-alive comments — to a client that pauses and resumes at random; what it receives is
 * every request, in order, and every distinct notification (a repeat is dropped only while
 * an identical one waits). Then the built server under a 64 MB heap: a seeded mix of
 * streams of both eras that read and that never read, under seeded bursts of changes
 * (documents retitled, added, removed); the readers hear the last change, the server stays
 * up and its memory flat. `FUZZ_RUNS` sets the sequences and the bursts.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StreamableHTTPClientTransport, type Client } from '@modelcontextprotocol/client';
import { sendWebResponse } from '../../src/mcp/http/send-response.js';
import { openStream, post, rawSession, spawnLimited, until, type HeldStream } from '../helpers/http-clients.js';
import { fuzzRuns, fuzzTimeout, FUZZ_SEED, Rng } from '../helpers/prng.js';
import { MEASURED_HEAP, sdkClient } from '../helpers/server-process.js';
import { doc, testdir } from '../helpers/testdir.js';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

const event = (message: unknown) => `event: message\ndata: ${JSON.stringify(message)}\n\n`;

/**
 * A seeded sequence of SSE frames: notifications from a set of ten (so they repeat) of up to
 * 36 KB each — megabytes in all, more than the sockets hold — unique requests, keep-alives.
 */
function frames(rng: Rng): string[] {
  return Array.from({ length: rng.int(100, 600) }, (_, i) => {
    const kind = rng.int(0, 9);
    if (kind === 0) return ': keepalive\n\n';
    if (kind <= 2) return event({ jsonrpc: '2.0', id: i, method: 'roots/list' });
    const k = rng.int(0, 9);
    return event({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: `docugraph://docs/D-${k}${'x'.repeat(k * 4000)}` } });
  });
}

/**
 * Serves `sequence` through sendWebResponse, in bursts, to a client that pauses at random
 * (and first for `startMs`); resolves with what it received.
 */
async function deliver(sequence: readonly string[], rng: Rng, maxBacklogBytes = 64 * 1024 * 1024, startMs = 0): Promise<string> {
  const encoder = new TextEncoder();
  const server = createServer((_req, res) => {
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (let i = 0; i < sequence.length; ) {
          for (let burst = rng.int(1, 40); burst > 0 && i < sequence.length; burst -= 1) controller.enqueue(encoder.encode(sequence[i++]!));
          await new Promise((resolve) => setTimeout(resolve, rng.int(0, 3)));
        }
        controller.close();
      },
    });
    void sendWebResponse(res, new Response(body, { headers: { 'content-type': 'text/event-stream' } }), { stallMs: 60_000, maxBacklogBytes });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  await new Promise((resolve) => setTimeout(resolve, startMs));
  for (;;) {
    // Stop reading now and then, so the server's writes wait and events queue behind them.
    if (rng.chance(0.2)) await new Promise((resolve) => setTimeout(resolve, rng.int(1, 50)));
    const next = await reader.read().catch(() => ({ done: true as const, value: undefined }));
    if (next.done) return text + decoder.decode();
    text += decoder.decode(next.value, { stream: true });
  }
}

describe('the stream writer', () => {
  it('delivers every request in order and every distinct notification, to a client that pauses at random', async () => {
    const base = new Rng(FUZZ_SEED);
    let dropped = 0;
    for (let run = 0; run < fuzzRuns(6); run += 1) {
      const rng = base.fork(run);
      const sequence = frames(rng);
      const received = (await deliver(sequence, rng.fork(1))).split(/(?<=\n\n)/).filter((frame) => frame !== '');
      const requests = (frames: readonly string[]) => frames.filter((frame) => frame.includes('"roots/list"'));
      const distinct = (frames: readonly string[]) => [...new Set(frames.filter((frame) => frame.includes('notifications/')))].sort();
      expect(requests(received), `seed ${FUZZ_SEED} run ${run}`).toEqual(requests(sequence));
      expect(distinct(received), `seed ${FUZZ_SEED} run ${run}`).toEqual(distinct(sequence));
      // Only repeats and keep-alives are ever dropped.
      expect(received.every((frame) => sequence.includes(frame))).toBe(true);
      dropped += sequence.length - received.length;
    }
    // The client did fall behind (else nothing here was tested).
    expect(dropped).toBeGreaterThan(0);
  }, fuzzTimeout(60_000));
});

/** A seeded burst of changes: documents retitled, added, removed (each atomic). */
function burst(root: string, rng: Rng, n: number, alive: Set<number>): void {
  for (let k = rng.int(1, 20); k > 0; k -= 1) {
    const i = rng.int(0, 39);
    const file = join(root, `d${i}.md`);
    if (alive.has(i) && rng.chance(0.2)) {
      rmSync(file);
      alive.delete(i);
      continue;
    }
    writeFileSync(`${file}.tmp`, doc({ id: `D-${i}${'x'.repeat(600)}`, title: `D ${i} v${n}` }, `${'body '.repeat(rng.int(0, 50))}\n`));
    renameSync(`${file}.tmp`, file);
    alive.add(i);
  }
}

describe('the stream writer, cut off', () => {
  it('a client that does not read while more distinct events than the backlog limit wait is cut off', async () => {
    const base = new Rng(FUZZ_SEED);
    for (let run = 0; run < fuzzRuns(2); run += 1) {
      const rng = base.fork(run);
      // Requests never coalesce: 24 MB of them, against a limit of 256 KiB (with 8 MB, every frame
      // once arrived before the writer was cut off, on a busy machine; the cause was not found).
      const sequence = Array.from({ length: 12_000 }, (_, i) => event({ jsonrpc: '2.0', id: i, method: 'roots/list', params: { pad: 'x'.repeat(2000) } }));
      const received = await deliver(sequence, rng, 256 * 1024, 1_000);
      const frames = received.split(/(?<=\n\n)/).filter((frame) => frame.endsWith('\n\n'));
      expect(frames.length, `seed ${FUZZ_SEED} run ${run}`).toBeLessThan(sequence.length);
      // What it did receive is the sequence's beginning, in order.
      expect(frames).toEqual(sequence.slice(0, frames.length));
    }
  }, fuzzTimeout(60_000));
});

describe('the server under changes', () => {
  it('streams of both eras, some never read, under seeded bursts of changes: readers hear the last one, memory stays flat', async () => {
    const root = testdir({ 'seed.md': doc({ id: 'SEED', title: 'seed' }) });
    const server = await spawnLimited(root, { limits: { stallMs: 600_000 }, env: { NODE_OPTIONS: MEASURED_HEAP } });
    const rng = new Rng(FUZZ_SEED);
    const readers: { client: Client; heard: number }[] = [];
    const stuck: HeldStream[] = [];
    for (let i = 0; i < 30; i += 1) {
      if (rng.chance(0.3)) {
        const session = await rawSession(server.url);
        for (let d = 0; d < 40; d += 1) await subscribe(server.url, session, `docugraph://docs/D-${d}${'x'.repeat(600)}`);
        stuck.push(await openStream(server.url, session, { read: false }));
        continue;
      }
      const era = rng.chance(0.5) ? 'legacy' : 'modern';
      const entry = { client: sdkClient({ era }), heard: 0 };
      entry.client.setNotificationHandler('notifications/resources/list_changed', () => void (entry.heard += 1));
      await entry.client.connect(new StreamableHTTPClientTransport(server.url));
      if (era === 'modern') await entry.client.listen({ resourcesListChanged: true });
      readers.push(entry);
    }
    const caller = readers[0]!.client;
    await caller.callTool({ name: 'list_tasks', arguments: { limit: 1 } });
    const alive = new Set<number>();
    const bursts = Math.max(3, fuzzRuns(60));
    const rss: number[] = [];
    for (let n = 1; n <= bursts; n += 1) {
      burst(root, rng.fork(n), n, alive);
      await caller.callTool({ name: 'list_tasks', arguments: { limit: 1 } });
      if (n === Math.floor(bursts / 3) || n === bursts) rss.push(server.rssKb());
    }
    // A last change every reader must hear: the seed document retitled.
    const before = readers.map((reader) => reader.heard);
    writeFileSync(join(root, 'seed.md'), doc({ id: 'SEED', title: 'last' }));
    await caller.callTool({ name: 'list_tasks', arguments: { limit: 1 } });
    await until(() => readers.every((reader, i) => reader.heard > before[i]!), 15_000, 'every reader heard the last change');
    const [third, end] = rss as [number, number];
    expect(end - third, `seed ${FUZZ_SEED}: RSS kB at a third and at the end: ${rss.join(', ')} (${stuck.length} streams never read)`).toBeLessThan(16 * 1024);
    expect(server.child.exitCode).toBe(null);
    await Promise.all(readers.map((reader) => reader.client.close()));
  }, fuzzTimeout(120_000));
});

async function subscribe(url: URL, session: string, uri: string): Promise<void> {
  const answer = await post(url, { jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri } }, { session });
  if (answer.status !== 200) throw new Error(`subscribe: ${answer.status} ${answer.body}`);
}

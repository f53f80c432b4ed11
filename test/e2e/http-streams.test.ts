/**
 * Hardening, second pass (issue 21): long-lived streams under many workspace changes. A
 * client that reads its stream costs nothing per change (the bridge kept every chunk it had
 * written until the stream closed: 200 streams went 122 → 640 MB over 600 edits); one that
 * does not read costs nothing per change either (what waits for it coalesces). A stream
 * that is never read is cut off once `stallMs` pass: http-stall.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { StreamableHTTPClientTransport, type Client } from '@modelcontextprotocol/client';
import { edit, FILL_DOCS, FILL_PAD, idOf, workspace } from '../helpers/filling-streams.js';
import { countOnStream, openListen, openStream, post, rawSession, spawnLimited, until, type HeldStream } from '../helpers/http-clients.js';
import { MEASURED_HEAP, sdkClient, spawnHttp } from '../helpers/server-process.js';

function rssKb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
}

describe('long-lived streams', () => {
  it('100 streams of both eras that read, 160 changes: every notification arrives, memory stays flat under a 64 MB heap', async () => {
    // 100 streams: 4 SDK clients (2 of each era), and 78 raw 2025 sessions holding a GET stream
    // and 18 raw 2026-07-28 subscriptions/listen streams, which send the SDK client's bytes. The
    // server holds the same 100 streams either way; the raw ones count the events they read
    // without parsing them (16,000 notifications parsed by SDK clients in this process cost more
    // than the server did).
    const LEGACY = 2;
    const MODERN = 2;
    const RAW_LEGACY = 78;
    const RAW_MODERN = 18;
    // The leak this caught kept ≈4 KB per stream and change: ≈32 MB from the half to the end,
    // against a bound of a tenth of the RSS (≈12 MB).
    const EDITS = 160;
    const root = workspace(20);
    // Under the cap a leak ends in an out-of-memory crash (it did at about 250 changes of 400);
    // before that, RSS grows by tens of MB from the half to the end.
    const server = await spawnHttp(['--workspace', root], { NODE_OPTIONS: MEASURED_HEAP });
    const heard: number[] = [];
    const clients: Client[] = [];
    for (let i = 0; i < LEGACY + MODERN; i += 1) {
      const client = sdkClient({ era: i < LEGACY ? 'legacy' : 'modern' });
      heard.push(0);
      client.setNotificationHandler('notifications/resources/list_changed', () => void (heard[i] = (heard[i] ?? 0) + 1));
      await client.connect(new StreamableHTTPClientTransport(server.url));
      if (i >= LEGACY) await client.listen({ resourcesListChanged: true });
      clients.push(client);
    }
    const marker = 'notifications/resources/list_changed';
    const raw: { count: number }[] = [];
    for (let i = 0; i < RAW_LEGACY; i += 1) raw.push(countOnStream(await openStream(server.url, await rawSession(server.url)), marker));
    for (let i = 0; i < RAW_MODERN; i += 1) raw.push(countOnStream(await openListen(server.url, { resourcesListChanged: true }), marker));
    const heardAll = (least: number) => heard.every((count) => count >= least) && raw.every((seen) => seen.count >= least);
    const fewest = () => Math.min(...heard, ...raw.map((seen) => seen.count));
    const caller = clients[0]!;
    await caller.callTool({ name: 'validate_traceability', arguments: { summary: true } });
    const rss: number[] = [];
    for (let n = 1; n <= EDITS; n += 1) {
      edit(root, n);
      // A request takes in the change at once (no waiting for the watcher to settle).
      await caller.callTool({ name: 'list_tasks', arguments: { limit: 1 } });
      if (n === EDITS / 4 || n === EDITS / 2 || n === EDITS) rss.push(rssKb(server.child.pid!));
      // The 2025 clients opened their GET streams before the first change counted.
      if (n === 1) await until(() => heardAll(1), 10_000, 'every client heard the first change');
    }
    await until(() => heardAll(EDITS), 20_000, `every client heard all ${EDITS} changes (fewest: ${fewest()})`);
    expect(Math.max(...heard, ...raw.map((seen) => seen.count))).toBe(EDITS);
    const [, half, end] = rss as [number, number, number];
    expect(end - half, `RSS kB at a quarter, half and end: ${rss.join(', ')}`).toBeLessThan(half / 10);
    expect(server.child.exitCode).toBe(null);
    await Promise.all(clients.map((client) => client.close()));
  }, 120_000);

  it('streams that are never read cost nothing per change (what waits for them coalesces); a reader beside them hears everything', async () => {
    // A change of all the documents is ≈92 KB of updates per stream (FILL_DOCS), so a paused
    // one fills the sockets' buffers (megabytes on loopback) in a few dozen.
    const DOCS = FILL_DOCS;
    const PAD = FILL_PAD;
    // 120 changes: the stuck streams' sockets are full by the third (40), and the leak this
    // caught kept every event after that, ≈92 KB per stream and change (≈37 MB in all).
    const EDITS = 120;
    const root = workspace(DOCS, PAD);
    // The stall limit far away, so that the stuck streams stay open for the whole run.
    const server = await spawnLimited(root, { limits: { stallMs: 600_000 }, env: { NODE_OPTIONS: MEASURED_HEAP } });
    const reader = await rawSession(server.url);
    const sessions = [reader];
    for (let s = 0; s < 5; s += 1) sessions.push(await rawSession(server.url));
    for (const session of sessions) {
      for (let i = 0; i < DOCS; i += 1) expect((await post(server.url, { jsonrpc: '2.0', id: i, method: 'resources/subscribe', params: { uri: `docugraph://docs/${idOf(i, PAD)}` } }, { session })).status).toBe(200);
    }
    const count = (stream: HeldStream) => countOnStream(stream, 'notifications/resources/updated');
    const heard = count(await openStream(server.url, reader));
    const stuck: HeldStream[] = [];
    for (const session of sessions.slice(1)) stuck.push(await openStream(server.url, session, { read: false }));
    const rss: number[] = [];
    for (let n = 1; n <= EDITS; n += 1) {
      edit(root, n, DOCS, PAD);
      await post(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_tasks', arguments: { limit: 1 } } }, { session: reader });
      // By a third of the run the stuck streams' socket buffers are full (≈5 MB each).
      if (n === EDITS / 3 || n === EDITS) rss.push(server.rssKb());
    }
    await until(() => heard.count === EDITS * DOCS, 20_000, `the reader heard all ${EDITS * DOCS} updates (so far ${heard.count})`);
    // Before: each stuck stream kept every event after its sockets filled (≈8 MB per stream
    // here, 40 MB in all, past a 64 MB heap); now one of each, ≈92 KB per stream.
    const [third, end] = rss as [number, number];
    expect(end - third, `RSS kB at a third and at the end: ${rss.join(', ')}`).toBeLessThan(16 * 1024);
    // Read at last, a stuck stream gets what its sockets held and what waited (fewer events
    // than were sent: repeats were dropped), and it is still open: a new change reaches it.
    const late = stuck.map(count);
    for (const stream of stuck) stream.socket.resume();
    await until(() => late.every((seen) => seen.count > 0), 10_000, 'the stuck streams, resumed, receive');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const before = late.map((seen) => seen.count);
    for (const n of before) expect(n).toBeLessThan((EDITS * DOCS) / 2);
    edit(root, EDITS + 1, 1, PAD);
    await post(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_tasks', arguments: { limit: 1 } } }, { session: reader });
    await until(() => late.every((seen, i) => seen.count === before[i]! + 1), 10_000, 'the resumed streams hear a new change');
    expect(server.child.exitCode).toBe(null);
  }, 120_000);
});

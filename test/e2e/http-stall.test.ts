/**
 * Hardening, second pass (issue 21): a long-lived stream that is never read is cut off once
 * `stallMs` pass without a drain, and the server goes on serving. (A file of its own, apart
 * from http-streams.test.ts: it mostly waits for the stall limit, and runs beside the others.)
 */
import { describe, expect, it } from 'vitest';
import { edit, FILL_DOCS, FILL_PAD, idOf, workspace } from '../helpers/filling-streams.js';
import { callStatus, openStream, post, rawSession, spawnLimited, until } from '../helpers/http-clients.js';

describe('long-lived streams, the stall limit', () => {
  it('a stream that is never read is cut off once stallMs pass without a drain', async () => {
    const DOCS = FILL_DOCS;
    const PAD = FILL_PAD;
    const root = workspace(DOCS, PAD);
    const server = await spawnLimited(root, { limits: { stallMs: 2_000 } });
    const session = await rawSession(server.url);
    for (let i = 0; i < DOCS; i += 1) await post(server.url, { jsonrpc: '2.0', id: i, method: 'resources/subscribe', params: { uri: `docugraph://docs/${idOf(i, PAD)}` } }, { session });
    const stream = await openStream(server.url, session, { read: false });
    const caller = await rawSession(server.url);
    let ended = false;
    void stream.ended.then(() => (ended = true));
    // ≈10 MB of updates: more than the sockets hold, so a write waits for a drain that never comes.
    for (let n = 1; n <= 120; n += 1) {
      edit(root, n, DOCS, PAD);
      await post(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_tasks', arguments: { limit: 1 } } }, { session: caller });
    }
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    stream.socket.resume();
    await until(() => ended, 15_000, 'the stuck stream was cut off');
    expect(await callStatus(server.url, caller)).toBe(200);
  }, 90_000);
});

/**
 * The live workspace end to end (issue 9): the built server over real STDIO and over
 * Streamable HTTP (issue 13), with the SDK client on both protocol eras; real files changed
 * between calls.
 */
import { unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { buildBundle, buildReport, listTasks, loadWorkspace } from '../../src/core/index.js';
import { withVersions } from '../../src/mcp/tools/list-tasks.js';
import { change } from '../helpers/live-changes.js';
import { LONG_FUZZ } from '../helpers/prng.js';
import { connect, textOf } from '../helpers/server-process.js';
import { doc, testdir } from '../helpers/testdir.js';

/** Change-then-call rounds per transport and mode. */
const ROUNDS = LONG_FUZZ ? 200 : 24;

async function report(client: Client): Promise<unknown> {
  return (await client.callTool({ name: 'validate_traceability', arguments: {} })).structuredContent;
}

async function tasks(client: Client): Promise<unknown> {
  return (await client.callTool({ name: 'list_tasks', arguments: {} })).structuredContent;
}

describe.each([
  ['stdio', 'legacy', 'watch'],
  ['stdio', 'modern', 'watch'],
  ['stdio', 'legacy', 'poll'],
  ['http', 'legacy', 'watch'],
  ['http', 'modern', 'watch'],
] as const)('read your writes over %s (%s era, %s)', (transport, era, mode) => {
  // 24 rounds in npm test, three of each of the eight kinds of change (live-changes.ts), in
  // every transport and mode (120 in all): an answer that missed its change would show in most
  // of them; `npm run fuzz` runs 200 per mode (4.5–9 s each).
  it(`${ROUNDS} consecutive change-then-call rounds: every answer includes the change`, async () => {
    const root = testdir({ 'base.md': doc({ id: 'BASE', title: 'base' }), 'docs/d0.md': doc({ id: 'D-0', title: 'd0', depends_on: ['BASE'] }) });
    const { client } = await connect({ transport, args: ['--workspace', root], era, env: mode === 'poll' ? { DOCUGRAPH_WATCH: 'poll' } : {} });
    await report(client);
    let stale = 0;
    for (let i = 0; i < ROUNDS; i += 1) {
      change(root, i);
      const fresh = loadWorkspace(root);
      const answer = i % 3 === 0 ? await tasks(client) : await report(client);
      const expected = i % 3 === 0 ? { tasks: withVersions(fresh, listTasks(fresh).tasks) } : buildReport(fresh);
      if (JSON.stringify(answer) !== JSON.stringify(expected)) stale += 1;
      if (i % 10 === 5 && fresh.ids.includes('D-0')) {
        const bundle = textOf(await client.callTool({ name: 'get_task_context', arguments: { taskId: 'D-0' } }));
        expect(bundle).toBe(buildBundle(fresh, { taskId: 'D-0' }));
      }
    }
    expect(stale).toBe(0);
  });
});

describe('live server', () => {
  it('a 2,000-file checkout while a client calls in a loop: every answer is whole, the last one is the final state', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 2000; i += 1) files[`d${i % 40}/f${i}.md`] = doc({ id: `F-${i}`, title: 'old' });
    const root = testdir(files);
    const { client } = await connect({ args: ['--workspace', root] });
    await report(client);
    let writing = true;
    const answers: { nodeCount: number; edgeCount: number }[] = [];
    const caller = (async () => {
      while (writing) answers.push((await report(client)) as { nodeCount: number; edgeCount: number });
    })();
    for (let i = 0; i < 2000; i += 1) {
      const path = join(root, `d${i % 40}/f${i}.md`);
      unlinkSync(path);
      writeFileSync(path, doc({ id: `F-${i}`, title: 'new', depends_on: [`F-${(i + 1) % 2000}`] }));
      if (i % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    writing = false;
    await caller;
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) expect(answer.nodeCount).toBeLessThanOrEqual(2000);
    expect(await report(client)).toEqual(buildReport(loadWorkspace(root)));
    expect(((await report(client)) as { edgeCount: number }).edgeCount).toBe(2000);
  });

});

describe.each(['stdio', 'http'] as const)('notifications over %s', (transport) => {
  it('2025 era: resources/list_changed when documents come, resources/updated for a subscribed document', async () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A' }) });
    const { client } = await connect({ transport, args: ['--workspace', root] });
    const seen: string[] = [];
    client.setNotificationHandler('notifications/resources/list_changed', () => void seen.push('list_changed'));
    client.setNotificationHandler('notifications/resources/updated', (n) => void seen.push(`updated ${n.params.uri}`));
    expect(client.getServerCapabilities()?.resources).toMatchObject({ subscribe: true, listChanged: true });
    await client.subscribeResource({ uri: 'docugraph://docs/A' });
    writeFileSync(join(root, 'b.md'), doc({ id: 'B', title: 'B' }));
    await waitFor(() => seen.includes('list_changed'));
    writeFileSync(join(root, 'a.md'), doc({ id: 'A', title: 'A' }, 'changed\n'));
    await waitFor(() => seen.includes('updated docugraph://docs/A'));
    // B was never subscribed to: no update for it.
    writeFileSync(join(root, 'b.md'), doc({ id: 'B', title: 'B' }, 'changed too\n'));
    await report(client);
    expect(seen.filter((s) => s.includes('/B'))).toEqual([]);
  });

  it('2026-07-28 era: the same through subscriptions/listen', async () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A' }) });
    const { client } = await connect({ transport, args: ['--workspace', root], era: 'modern' });
    const seen: string[] = [];
    client.setNotificationHandler('notifications/resources/list_changed', () => void seen.push('list_changed'));
    client.setNotificationHandler('notifications/resources/updated', (n) => void seen.push(`updated ${n.params.uri}`));
    await client.listen({ resourcesListChanged: true, resourceSubscriptions: ['docugraph://docs/A', 'docugraph://validation'] });
    writeFileSync(join(root, 'b.md'), doc({ id: 'B', title: 'B', depends_on: ['MISSING'] }));
    await waitFor(() => seen.includes('list_changed') && seen.includes('updated docugraph://validation'));
    writeFileSync(join(root, 'a.md'), doc({ id: 'A', title: 'A' }, 'changed\n'));
    await waitFor(() => seen.includes('updated docugraph://docs/A'));
    expect(seen.filter((s) => s.includes('/B'))).toEqual([]);
  });
});

describe('live server, start-up', () => {
  it('the handshake does not wait for the load; the first call waits for it', async () => {
    const files: Record<string, string> = {};
    // 3,000 files: a load of about 0.7 s on an idle machine, while the handshake takes milliseconds.
    for (let i = 0; i < 3000; i += 1) files[`d${i % 60}/f${i}.md`] = doc({ id: `F-${i}`, title: 'f', depends_on: [`F-${(i + 7) % 3000}`] }, `[x](f${i + 1}.md)\n`);
    const root = testdir(files);
    const { client, stderr } = await connect({ args: ['--workspace', root] });
    const loadedBeforeHandshake = stderr().includes('serving');
    expect(loadedBeforeHandshake).toBe(false);
    expect(((await report(client)) as { nodeCount: number }).nodeCount).toBe(3000);
    expect(stderr()).toContain('watching for changes');
  });

  it('--no-watch loads once', async () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A' }) });
    const { client, stderr } = await connect({ args: ['--workspace', root, '--no-watch'] });
    await report(client);
    writeFileSync(join(root, 'b.md'), doc({ id: 'B', title: 'B' }));
    expect(((await report(client)) as { nodeCount: number }).nodeCount).toBe(1);
    expect(stderr()).toContain('loaded once (--no-watch)');
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for a notification');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

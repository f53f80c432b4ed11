/**
 * Work state end to end (issue 24): the built server on a copy of the demo, over STDIO and
 * Streamable HTTP, on both protocol eras. The ready list is BE-02 then OPS-01; once BE-02's
 * status is `done` on disk, the next `list_tasks {state: "ready"}` starts with what it
 * unblocked, and `docugraph://ready` is notified as changed.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { connect, DEMO } from '../helpers/server-process.js';
import { testdir } from '../helpers/testdir.js';

const BE_02 = 'docs/tasks/backend/BE-02-create-project-endpoint.md';

async function ready(client: Client): Promise<[string, number][]> {
  const answer = (await client.callTool({ name: 'list_tasks', arguments: { state: 'ready' } })).structuredContent as { tasks: { id: string; unblocks: number }[] };
  return answer.tasks.map((t) => [t.id, t.unblocks]);
}

async function waitFor(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each([
  ['stdio', 'legacy'],
  ['stdio', 'modern'],
  ['http', 'legacy'],
  ['http', 'modern'],
] as const)('what to do next over %s (%s era)', (transport, era) => {
  it('BE-02 then OPS-01; BE-02 marked done readies what it unblocked, and docugraph://ready is notified', async () => {
    const root = testdir({});
    cpSync(DEMO, root, { recursive: true });
    const { client } = await connect({ transport, args: ['--workspace', root], era });
    const seen: string[] = [];
    client.setNotificationHandler('notifications/resources/updated', (n) => void seen.push(n.params.uri));
    if (era === 'modern') await client.listen({ resourceSubscriptions: ['docugraph://ready'] });
    else await client.subscribeResource({ uri: 'docugraph://ready' });
    expect(await ready(client)).toEqual([
      ['BE-02', 3],
      ['OPS-01', 0],
    ]);
    const path = join(root, BE_02);
    writeFileSync(path, readFileSync(path, 'utf8').replace('status: todo', 'status: done'));
    expect(await ready(client)).toEqual([
      ['BE-03', 0],
      ['BE-04', 0],
      ['FE-01', 0],
      ['OPS-01', 0],
    ]);
    await waitFor(() => seen.includes('docugraph://ready'));
    const blocked = (await client.callTool({ name: 'list_tasks', arguments: { state: 'blocked' } })).structuredContent as { tasks: unknown[] };
    expect(blocked.tasks).toEqual([]);
  });
});

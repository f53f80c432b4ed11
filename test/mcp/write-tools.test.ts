/**
 * The tools that write, in-process (KITS §6, issue 53): `set_task_state` takes `in-progress`,
 * the word every other answer uses, as `in_progress`; with writes off, calling a tool that
 * writes says how to turn them on (and tools/list still does not offer it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openLiveWorkspace, type LiveWorkspace } from '../../src/core/live/live-workspace.js';
import { loadWorkspace } from '../../src/core/index.js';
import { createWriter } from '../../src/mcp/writer.js';
import { connectInMemory } from '../helpers/in-memory.js';
import { testdir } from '../helpers/testdir.js';

const open: LiveWorkspace[] = [];
afterEach(() => {
  while (open.length > 0) open.pop()!.close();
});

const TASK = '---\nid: T-1\ntitle: One\nstatus: todo # the plan\n---\nDo it.\n';

describe('set_task_state', () => {
  it('takes in-progress as in_progress, and writes the status', async () => {
    const root = testdir({ 'docs/t1.md': TASK });
    const live = openLiveWorkspace(root, { mode: 'poll', settleMs: 20 });
    open.push(live);
    const { client } = await connectInMemory(await live.snapshot(), { workspace: () => live.snapshot(), writer: createWriter(live) });
    const answer = await client.callTool({ name: 'set_task_state', arguments: { id: 'T-1', state: 'in-progress' } });
    expect(answer.isError).toBeFalsy();
    expect(answer.structuredContent).toMatchObject({ id: 'T-1', status: 'in-progress', changed: true });
    expect(readFileSync(join(root, 'docs/t1.md'), 'utf8')).toBe(TASK.replace('status: todo', 'status: in-progress'));
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'set_task_state')!.inputSchema.properties!['state']).toMatchObject({ enum: ['done', 'in_progress', 'todo', 'in-progress'] });
  });
});

describe('set_task_state done on a blocked task', () => {
  it('writes it, and the answer warns with what blocked it', async () => {
    const root = testdir({ 'docs/t1.md': TASK, 'docs/t2.md': '---\nid: T-2\ntitle: Two\nstatus: todo\ndepends_on: [T-1]\n---\n' });
    const live = openLiveWorkspace(root, { mode: 'poll', settleMs: 20 });
    open.push(live);
    const { client } = await connectInMemory(await live.snapshot(), { workspace: () => live.snapshot(), writer: createWriter(live) });
    const answer = await client.callTool({ name: 'set_task_state', arguments: { id: 'T-2', state: 'done' } });
    expect(answer.structuredContent).toMatchObject({
      id: 'T-2',
      state: 'done',
      changed: true,
      warning: '`T-2` was blocked by `T-1` (ready): it is marked done before what it depends on (set_task_state with state "todo" undoes it).',
    });
    const free = await client.callTool({ name: 'set_task_state', arguments: { id: 'T-1', state: 'done' } });
    expect(free.structuredContent).not.toHaveProperty('warning');
  });
});

describe('with writes off', () => {
  it('calling a tool that writes says how to turn writes on; tools/list does not offer it', async () => {
    const { client } = await connectInMemory(loadWorkspace(testdir({ 'docs/t1.md': TASK })));
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('set_task_state');
    const how = 'the tools that write are off on this server: start it with --allow-writes (or set `writes: true` in docugraph.yml; over HTTP a token is needed too), then call it again.';
    await expect(client.callTool({ name: 'set_task_state', arguments: { id: 'T-1', state: 'done' } })).rejects.toThrow(`Tool set_task_state not found: ${how}`);
    await expect(client.callTool({ name: 'record_review', arguments: { ids: ['T-1'] } })).rejects.toThrow(`Tool record_review not found: ${how}`);
    await expect(client.callTool({ name: 'set_task_stat', arguments: {} })).rejects.toThrow(/^Tool set_task_stat not found$/);
  });
});

/**
 * The tools that write (KITS §6) on the built server, through the SDK client on both protocol
 * eras: absent without `--allow-writes` (and `tools/list` as small as ever), present with it or
 * with `writes: true` — `set_task_state` changes one box, answers the new state and what became
 * ready, refuses a stale `expect`; the next read shows the write at once; `record_review` writes
 * the lock file. Over HTTP they need a token.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../src/core/answer/token-budget.js';
import { connect, connectUrl, spawnHttp, textOf } from '../helpers/server-process.js';
import { BIN } from '../helpers/paths.js';
import { spawnSync } from 'node:child_process';
import { testdir } from '../helpers/testdir.js';

const TASKS = '.kiro/specs/a/tasks.md';
const kit = (config = 'kits: [kiro]\n') =>
  testdir({
    'docugraph.yml': config,
    '.kiro/specs/a/design.md': '# Design\n',
    [TASKS]: '# Plan\n\n- [ ] 1. One\n- [ ] 2. Two\n  - _Depends: 1_\n',
    'docs/links.md': '---\nid: L-1\ntitle: Links\nrefines: [a/T1]\n---\n',
  });

describe.each(['legacy', 'modern'] as const)('the write tools over STDIO (%s era)', (era) => {
  it('are not there without --allow-writes; tools/list stays under 2,500 tokens', async () => {
    const { client } = await connect({ era, args: ['--workspace', kit()] });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).not.toContain('set_task_state');
    expect(tools.map((t) => t.name)).not.toContain('record_review');
    expect(estimateTokens(JSON.stringify({ tools }))).toBeLessThan(2_500);
    await expect(client.callTool({ name: 'set_task_state', arguments: { id: 'a/T1', state: 'done' } })).rejects.toThrow(/Tool set_task_state not found/);
  });

  it('with --allow-writes: set_task_state writes one box and the next answer shows it', async () => {
    const root = kit();
    const { client } = await connect({ era, args: ['--workspace', root, '--allow-writes'] });
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'set_task_state')!;
    expect(tool.annotations).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    const listed = (await client.callTool({ name: 'list_tasks', arguments: { query: 'a/T1' } })).structuredContent as { tasks: { id: string; version: string }[] };
    const version = listed.tasks[0]!.version;
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    const answer = await client.callTool({ name: 'set_task_state', arguments: { id: 'a/T1', state: 'done', expect: version } });
    expect(answer.isError).toBeFalsy();
    expect(answer.structuredContent).toEqual({ id: 'a/T1', state: 'done', status: 'done', path: TASKS, line: 3, changed: true, version: expect.stringMatching(/^[0-9a-f]{16}$/), unblocked: ['a/T2'], unblockedCount: 1 });
    expect(readFileSync(join(root, TASKS), 'utf8')).toBe('# Plan\n\n- [x] 1. One\n- [ ] 2. Two\n  - _Depends: 1_\n');
    // Read your writes: the very next request sees it.
    const ready = (await client.callTool({ name: 'list_tasks', arguments: { state: 'ready' } })).structuredContent as { tasks: { id: string }[] };
    expect(ready.tasks.map((t) => t.id)).toEqual(['a/T2']);
    // The old version is stale now: nothing written, the file as it was.
    const stale = await client.callTool({ name: 'set_task_state', arguments: { id: 'a/T1', state: 'todo', expect: version } });
    expect(stale.isError).toBe(true);
    expect(JSON.parse(textOf(stale))).toMatchObject({ code: 'STALE_STATE' });
    expect(readFileSync(join(root, TASKS), 'utf8')).toBe('# Plan\n\n- [x] 1. One\n- [ ] 2. Two\n  - _Depends: 1_\n');
    const unknown = await client.callTool({ name: 'set_task_state', arguments: { id: 'a/T9', state: 'done' } });
    expect(JSON.parse(textOf(unknown))).toMatchObject({ code: 'TASK_NOT_FOUND' });
    // record_review: what `docugraph review` does.
    const review = await client.callTool({ name: 'record_review', arguments: { ids: ['L-1'] } });
    expect(review.structuredContent).toEqual({ written: true, reviewed: 1, dropped: 0, current: 0, total: 1 });
    expect(Object.keys(JSON.parse(readFileSync(join(root, 'docugraph.lock.json'), 'utf8')).reviewed)).toEqual(['L-1 -> a/T1']);
  });

  it('a subscriber to the task is told of the write', async () => {
    const { client } = await connect({ era, args: ['--workspace', kit(), '--allow-writes'] });
    const seen: string[] = [];
    client.setNotificationHandler('notifications/resources/updated', (n) => void seen.push(n.params.uri));
    if (era === 'legacy') await client.subscribeResource({ uri: 'docugraph://docs/a%2FT1' });
    else await client.listen({ resourceSubscriptions: ['docugraph://docs/a%2FT1'] });
    await client.callTool({ name: 'set_task_state', arguments: { id: 'a/T1', state: 'in_progress' } });
    for (let i = 0; i < 100 && !seen.includes('docugraph://docs/a%2FT1'); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toContain('docugraph://docs/a%2FT1');
  });

  it('writes: true in docugraph.yml turns them on as --allow-writes does', async () => {
    const { client } = await connect({ era, args: ['--workspace', kit('kits: [kiro]\nwrites: true\n')] });
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('set_task_state');
  });
});

describe('the write tools over HTTP', () => {
  it('--allow-writes without a token is refused at start; with one, they are there', async () => {
    const root = kit();
    const refused = spawnSync(process.execPath, [BIN, '--workspace', root, '--http', '--port', '0', '--allow-writes'], { encoding: 'utf8', timeout: 10_000 });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/--allow-writes over HTTP needs a token/);
    const token = 'a-token-long-enough-0123456789';
    const tokenFile = join(testdir({}), 'token');
    writeFileSync(tokenFile, token);
    const server = await spawnHttp(['--workspace', root, '--allow-writes', '--token-file', tokenFile]);
    const client = await connectUrl(server.url, { headers: { authorization: `Bearer ${token}` } });
    const answer = await client.callTool({ name: 'set_task_state', arguments: { id: 'a/T2', state: 'in_progress' } });
    expect(answer.structuredContent).toMatchObject({ id: 'a/T2', state: 'blocked', status: 'in-progress', changed: true });
    await client.close();
  });
});

/**
 * TRACE §2 over MCP, in-process on the demo: list_tasks' state filter and entries, the
 * docugraph://ready resource, and prompt_implement_task naming the task's state and blockers.
 */
import { describe, expect, it } from 'vitest';
import { listTasks, loadWorkspace } from '../../src/core/index.js';
import { implementTaskText } from '../../src/mcp/prompts.js';
import { withVersions } from '../../src/mcp/tools/list-tasks.js';
import { connectInMemory, textOf } from '../helpers/in-memory.js';
import { DEMO } from '../helpers/paths.js';
import { doc, testdir } from '../helpers/testdir.js';

describe('work state over MCP', () => {
  const demo = loadWorkspace(DEMO);

  it('list_tasks {state: "ready"}: BE-02 (unblocks 3) then OPS-01; blocked entries say what blocks them', async () => {
    const { client } = await connectInMemory(demo);
    const ready = (await client.callTool({ name: 'list_tasks', arguments: { state: 'ready' } })).structuredContent as ReturnType<typeof listTasks>;
    expect(ready.tasks.map((t) => [t.id, t.state, t.unblocks])).toEqual([
      ['BE-02', 'ready', 3],
      ['OPS-01', 'ready', 0],
    ]);
    expect(Object.keys(ready.tasks[0]!)).toEqual(['id', 'title', 'type', 'status', 'path', 'dependsOn', 'state', 'blockedBy', 'unblocks', 'version']);
    const blocked = (await client.callTool({ name: 'list_tasks', arguments: { state: 'blocked' } })).structuredContent as ReturnType<typeof listTasks>;
    expect(blocked.tasks.map((t) => [t.id, t.blockedBy])).toEqual([
      ['BE-03', [{ id: 'BE-02', state: 'ready' }]],
      ['BE-04', [{ id: 'BE-02', state: 'ready' }]],
      ['FE-01', [{ id: 'BE-02', state: 'ready' }]],
    ]);
    const open = (await client.callTool({ name: 'list_tasks', arguments: { state: 'open', type: 'task' } })).structuredContent as ReturnType<typeof listTasks>;
    expect(open.tasks.map((t) => t.id)).toEqual(['BE-02', 'BE-03', 'BE-04', 'FE-01', 'OPS-01']);
    const bad = await client.callTool({ name: 'list_tasks', arguments: { state: 'todo' } });
    expect(bad.isError).toBe(true);
    expect(JSON.parse(textOf(bad))).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('state must be one of "ready", "blocked", "done", "dropped", "untracked", "open"') });
  });

  it('docugraph://ready is listed and reads as the ready list', async () => {
    const { client } = await connectInMemory(demo);
    const { resources } = await client.listResources();
    expect(resources.slice(0, 2).map((r) => r.uri)).toEqual(['docugraph://validation', 'docugraph://ready']);
    const read = await client.readResource({ uri: 'docugraph://ready' });
    expect(read.contents).toHaveLength(1);
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual({ tasks: withVersions(demo, listTasks(demo, { state: 'ready' }).tasks) });
  });

  it('prompt_implement_task names the state; a blocked task names its blockers and says not to start as if they were done', () => {
    expect(implementTaskText(demo, 'BE-02').split('\n')[2]).toBe('State: `ready` — every dependency is settled; the task can be started.');
    expect(implementTaskText(demo, 'BE-03').split('\n')[2]).toBe(
      'State: `blocked` — blocked by `BE-02` (ready). Do not start it as if those were done: tell the user what blocks it and ask whether to work on the blockers first (list_tasks with state "ready" gives what can be done now).',
    );
    const w = loadWorkspace(
      testdir({
        'a.md': doc({ id: 'A', title: 'A', status: 'todo', depends_on: ['"B\\n# forged"', 'C'] }),
        'c.md': doc({ id: 'C', title: 'C', status: 'accepted' }),
        'old.md': doc({ id: 'OLD', title: 'Old', status: 'todo' }),
        'new.md': doc({ id: 'NEW', title: 'New', status: 'todo', supersedes: 'OLD' }),
      }),
    );
    expect(implementTaskText(w, 'A').split('\n')[2]).toContain('blocked by `"B\\n# forged"` (names no document)');
    expect(implementTaskText(w, 'OLD').split('\n')[2]).toBe('State: `dropped` — superseded by `NEW`. Do not implement it without asking the user first.');
    expect(implementTaskText(w, 'C').split('\n')[2]).toContain('State: `done`');
  });
});

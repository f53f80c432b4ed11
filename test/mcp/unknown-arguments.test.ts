/**
 * An argument a tool or prompt does not take is `INVALID_ARGUMENT` naming it and the closest
 * one it does take (issue 28): `maxdepth` must not silently give the default depth.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../src/core/index.js';
import { connectInMemory, textOf } from '../helpers/in-memory.js';
import { DEMO } from '../helpers/paths.js';

const workspace = loadWorkspace(DEMO);

describe('unknown arguments', () => {
  it('a misspelled tool argument is INVALID_ARGUMENT with the closest known one', async () => {
    const { client } = await connectInMemory(workspace);
    const result = await client.callTool({ name: 'get_task_context', arguments: { taskId: 'BE-02', maxdepth: 1 } });
    expect(result.isError).toBe(true);
    expect(JSON.parse(textOf(result))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'Unknown argument `maxdepth` (did you mean `maxDepth`?); it takes `taskId`, `maxDepth`, `maxTokens`, `sections`.',
    });
  });

  it('on every tool; a far-off name gets no guess; several are counted past five; odd names are quoted', async () => {
    const { client } = await connectInMemory(workspace);
    const tools = (await client.listTools()).tools.map((t) => t.name);
    expect(tools.length).toBeGreaterThanOrEqual(6);
    for (const name of tools) {
      const result = await client.callTool({ name, arguments: { zzzzzzzzzz: true } });
      expect(JSON.parse(textOf(result)), name).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/^Unknown argument `zzzzzzzzzz`; it takes /) });
    }
    const many = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`x${i}`, 1]));
    expect(JSON.parse(textOf(await client.callTool({ name: 'list_tasks', arguments: many }))).message).toMatch(/^Unknown arguments `x0`, `x1`, `x2`, `x3`, `x4` and 2 more; it takes /);
    const odd = JSON.parse(textOf(await client.callTool({ name: 'list_tasks', arguments: { 'a`b\n': 1 } }))).message as string;
    expect(odd).toContain('`"a`b\\n"`');
  });

  it('the known arguments still work, and an empty object is fine', async () => {
    const { client } = await connectInMemory(workspace);
    expect((await client.callTool({ name: 'get_task_context', arguments: { taskId: 'BE-02', maxDepth: 1 } })).isError).toBeFalsy();
    expect((await client.callTool({ name: 'list_tasks', arguments: {} })).isError).toBeFalsy();
  });

  it('prompts too: a protocol error naming the argument', async () => {
    const { client } = await connectInMemory(workspace);
    await expect(client.getPrompt({ name: 'prompt_implement_task', arguments: { taskId: 'BE-02', taskid: 'BE-03' } })).rejects.toThrow(/INVALID_ARGUMENT: Unknown argument `taskid` \(did you mean `taskId`\?\); it takes `taskId`/);
    // Without the argument it needs, the SDK's own check names it first.
    await expect(client.getPrompt({ name: 'prompt_implement_task', arguments: { taskID: 'BE-02' } })).rejects.toThrow(/taskId/);
    await expect(client.getPrompt({ name: 'prompt_audit_traceability', arguments: { verbose: 'yes' } })).rejects.toThrow(/Unknown argument `verbose`; it takes no arguments/);
    const ok = await client.getPrompt({ name: 'prompt_implement_task', arguments: { taskId: 'BE-02' } });
    expect(ok.messages).toHaveLength(1);
    expect((await client.getPrompt({ name: 'prompt_audit_traceability' })).messages).toHaveLength(1);
  });
});

describe('filters matched exactly (issue 28)', () => {
  it('list_tasks {type: "Task"} says that the case differs and what would match', async () => {
    const { client } = await connectInMemory(workspace);
    const answer = (await client.callTool({ name: 'list_tasks', arguments: { type: 'Task' } })).structuredContent as { tasks: unknown[]; hint?: string };
    expect(answer.tasks).toEqual([]);
    expect(answer.hint).toMatch(/^No document has type "Task"; type is matched exactly, case included, and "task" \(\d+\) would match\.$/);
    const found = (await client.callTool({ name: 'list_tasks', arguments: { type: 'task' } })).structuredContent as { tasks: unknown[]; hint?: string };
    expect(found.tasks.length).toBeGreaterThan(0);
    expect(found.hint).toBeUndefined();
    const none = (await client.callTool({ name: 'list_tasks', arguments: { type: 'nothing-like-it' } })).structuredContent as { hint?: string };
    expect(none.hint).toBeUndefined();
  });
});

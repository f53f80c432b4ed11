/**
 * `get_task_context` and `prompt_implement_task` under the token budget, in-process: the
 * default of 20,000 tokens, `maxTokens` passed through to the core, bad values rejected.
 */
import { describe, expect, it } from 'vitest';
import { buildBundle, DEFAULT_MAX_TOKENS, estimateTokens, loadWorkspace } from '../../src/core/index.js';
import { connectInMemory, textOf } from '../helpers/in-memory.js';
import { layeredWorkspace } from '../helpers/layered-workspace.js';
import { DEMO } from '../helpers/paths.js';
import { Rng } from '../helpers/prng.js';
import { testdir } from '../helpers/testdir.js';

describe('get_task_context maxTokens', () => {
  const workspace = loadWorkspace(testdir(layeredWorkspace(new Rng(11), { layers: 3, width: 12, bodyBytes: 4000 })));
  const call = async (args: Record<string, unknown>) => {
    const { client } = await connectInMemory(workspace);
    return client.callTool({ name: 'get_task_context', arguments: { taskId: 'TASK', ...args } });
  };

  it('applies 20,000 tokens by default: the core bundle with that budget, which leaves documents out', async () => {
    expect(DEFAULT_MAX_TOKENS).toBe(20_000);
    expect(estimateTokens(buildBundle(workspace, { taskId: 'TASK' }))).toBeGreaterThan(30_000);
    const text = textOf(await call({}));
    expect(text).toBe(buildBundle(workspace, { taskId: 'TASK', maxTokens: 20_000 }));
    expect(text).toMatch(/\nbudget: 20000 tokens, \d+ omitted\n/);
    expect(estimateTokens(text)).toBeLessThan(25_000);
  });

  it('passes maxTokens and maxDepth through', async () => {
    for (const args of [{ maxTokens: 1 }, { maxTokens: 5000, maxDepth: 2 }, { maxTokens: 10_000_000 }]) {
      expect(textOf(await call(args))).toBe(buildBundle(workspace, { taskId: 'TASK', ...args }));
    }
    expect(textOf(await call({ maxTokens: 10_000_000 }))).toBe(buildBundle(workspace, { taskId: 'TASK' }));
  });

  it('rejects a maxTokens that is not an integer ≥ 1 with INVALID_ARGUMENT', async () => {
    for (const maxTokens of [0, -3, 2.5, '100', null, true]) {
      const result = await call({ maxTokens });
      expect(result.isError, JSON.stringify(maxTokens)).toBe(true);
      expect(JSON.parse(textOf(result)), JSON.stringify(maxTokens)).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('maxTokens must be an integer ≥ 1') });
    }
  });

  it('advertises maxTokens as an optional integer ≥ 1', async () => {
    const { client } = await connectInMemory(workspace);
    const tool = (await client.listTools()).tools.find((t) => t.name === 'get_task_context')!;
    expect(tool.inputSchema.properties!['maxTokens']).toMatchObject({ type: 'integer', minimum: 1 });
    expect(tool.inputSchema.required).toEqual(['taskId']);
  });
});

describe('prompt_implement_task uses the default budget', () => {
  it('embeds the bundle built with 20,000 tokens and says how to fetch what was left out', async () => {
    const workspace = loadWorkspace(testdir(layeredWorkspace(new Rng(12), { layers: 2, width: 14, bodyBytes: 4000 })));
    const { client } = await connectInMemory(workspace);
    const text = ((await client.getPrompt({ name: 'prompt_implement_task', arguments: { taskId: 'TASK' } })).messages[0]!.content as { text: string }).text;
    expect(text.endsWith(`## Context bundle\n\n${buildBundle(workspace, { taskId: 'TASK', maxTokens: 20_000 })}`)).toBe(true);
    expect(text).toContain('## Omitted to fit the budget');
    expect(text).toContain('Documents under "Omitted to fit the budget" exist');
  });

  it('leaves a bundle that fits unchanged (the BE-02 demo)', async () => {
    const workspace = loadWorkspace(DEMO);
    const { client } = await connectInMemory(workspace);
    const text = ((await client.getPrompt({ name: 'prompt_implement_task', arguments: { taskId: 'BE-02' } })).messages[0]!.content as { text: string }).text;
    expect(text.endsWith(`## Context bundle\n\n${buildBundle(workspace, { taskId: 'BE-02' })}`)).toBe(true);
  });
});

/**
 * Issue 11 end to end: the built server over STDIO, on a generated workspace whose depth-5
 * bundle is over 100k tokens. The default `get_task_context` answer stays under the 25,000
 * tokens a client such as Claude Code takes, and names every document it left out.
 */
import { describe, expect, it } from 'vitest';
import { buildBundle, estimateTokens, loadWorkspace } from '../../src/core/index.js';
import { layeredWorkspace } from '../helpers/layered-workspace.js';
import { Rng } from '../helpers/prng.js';
import { connect, textOf } from '../helpers/server-process.js';
import { testdir } from '../helpers/testdir.js';

describe('a bundle over 100k tokens, over STDIO', () => {
  it('the default answer is under 25,000 tokens and lists what it left out, with how to get it', async () => {
    const root = testdir(layeredWorkspace(new Rng(20261111), { layers: 6, width: 20, bodyBytes: 5000 }));
    const workspace = loadWorkspace(root);
    const unbudgeted = buildBundle(workspace, { taskId: 'TASK', maxDepth: 5 });
    expect(estimateTokens(unbudgeted)).toBeGreaterThan(100_000);
    expect(unbudgeted).toContain('\ntruncated: true\n');

    const { client } = await connect({ args: ['--workspace', root] });
    const result = await client.callTool({ name: 'get_task_context', arguments: { taskId: 'TASK' } });
    expect(result.isError ?? false).toBe(false);
    const answer = Math.ceil(Buffer.byteLength(JSON.stringify(result), 'utf8') / 4);
    console.log(`get_task_context TASK: unbudgeted ≈${estimateTokens(unbudgeted)} tokens, default answer ≈${answer} tokens`);
    expect(answer).toBeLessThan(25_000);

    const text = textOf(result);
    expect(text).toBe(buildBundle(workspace, { taskId: 'TASK', maxTokens: 20_000 }));
    const omitted = [...text.matchAll(/^- `([^`]+)` depth=\d+: .* — omitted \(≈(\d+) tokens\)$/gm)].map((m) => m[1]!);
    expect(omitted.length).toBeGreaterThan(0);
    expect(text).toContain(`\ntruncated: true\nbudget: 20000 tokens, ${omitted.length} omitted\n`);
    const listed = text.slice(text.indexOf('\n## Omitted to fit the budget\n'), text.indexOf('\n## Documents\n'));
    for (const id of omitted) {
      const path = workspace.nodes.get(id)!.path;
      expect(listed).toMatch(new RegExp(`\\n- \`${id}\` ≈\\d+ tokens: ${path} — get_task_context with taskId \`${id}\` and maxDepth 0, or read docugraph://docs/${id}\\n`));
      expect(text).not.toContain(`\n### ${id} — `);
    }

    // What it names can be fetched: the first omitted document, alone.
    const first = textOf(await client.callTool({ name: 'get_task_context', arguments: { taskId: omitted[0]!, maxDepth: 0 } }));
    expect(first).toContain(`\n### ${omitted[0]!} — `);
  });
});

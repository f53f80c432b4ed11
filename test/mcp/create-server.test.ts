/**
 * The MCP layer in-process: tools map arguments and results, and failures map to MCP-G0 §4.
 */
import { describe, expect, it } from 'vitest';
import { buildBundle, loadWorkspace } from '../../src/core/index.js';
import { connectInMemory, textOf } from '../helpers/in-memory.js';
import { DEMO } from '../helpers/paths.js';
import { testdir } from '../helpers/testdir.js';

describe('createServer', () => {
  const workspace = loadWorkspace(DEMO);

  it('get_task_context returns exactly the core bundle', async () => {
    const { client } = await connectInMemory(workspace);
    for (const maxDepth of [0, 1, 2, 3, 10]) {
      const result = await client.callTool({ name: 'get_task_context', arguments: { taskId: 'BE-02', maxDepth } });
      expect(textOf(result)).toBe(buildBundle(workspace, { taskId: 'BE-02', maxDepth }));
    }
  });

  it('an unexpected failure becomes INTERNAL, is logged, and the server keeps serving', async () => {
    const { client, logs } = await connectInMemory(workspace, {
      load: () => {
        throw new TypeError('disk on fire');
      },
    });
    const result = await client.callTool({ name: 'validate_traceability', arguments: { workspacePath: 'docs' } });
    expect(result.isError).toBe(true);
    expect(JSON.parse(textOf(result))).toMatchObject({ code: 'INTERNAL', message: expect.stringContaining('disk on fire') });
    expect(logs.join('\n')).toContain('TypeError: disk on fire');
    const next = await client.callTool({ name: 'validate_traceability', arguments: {} });
    expect(next.isError ?? false).toBe(false);
  });

  it('each call reads the snapshot the state gives it', async () => {
    let current = loadWorkspace(testdir({ 'a.md': '---\nid: A\ntitle: A\n---\n' }));
    const { client } = await connectInMemory(current, { workspace: () => current });
    expect((await client.callTool({ name: 'validate_traceability', arguments: {} })).structuredContent).toMatchObject({ nodeCount: 1 });
    current = loadWorkspace(testdir({ 'a.md': '---\nid: A\ntitle: A\n---\n', 'b.md': '---\nid: B\ntitle: B\n---\n' }));
    expect((await client.callTool({ name: 'validate_traceability', arguments: {} })).structuredContent).toMatchObject({ nodeCount: 2 });
  });
});

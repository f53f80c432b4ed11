/**
 * Ids over MCP as agents send them (issue 53): a number for `taskId` (or `nodeId`) is its
 * decimal string, `EIP-1559` names the document `1559` in a repository that writes its numbers
 * so; the advertised schema says a number is welcome, and anything else is still INVALID_ARGUMENT.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../src/core/index.js';
import { connectInMemory, textOf } from '../helpers/in-memory.js';
import { testdir } from '../helpers/testdir.js';

function eips() {
  return loadWorkspace(
    testdir({
      'docugraph.yml': 'fields:\n  id: eip\n  dependsOn: [requires]\n',
      'EIPS/eip-1559.md': '---\neip: 1559\ntitle: Fee market\nstatus: Draft\nrequires: [2718]\n---\n## Acceptance criteria\n\n- [ ] burns the base fee\n',
      'EIPS/eip-2718.md': '---\neip: 2718\ntitle: Typed transactions\nstatus: Final\n---\n',
    }),
  );
}

describe('id arguments', () => {
  it('a number is taken as its decimal string; EIP-1559 is the document 1559', async () => {
    const { client } = await connectInMemory(eips());
    const bundle = async (taskId: unknown) => textOf(await client.callTool({ name: 'get_task_context', arguments: { taskId } }));
    expect((await bundle(1559)).split('\n')[0]).toBe('# Context bundle: 1559');
    expect(await bundle('EIP-1559')).toBe(await bundle('1559'));
    const criteria = await client.callTool({ name: 'get_acceptance_criteria', arguments: { taskId: 1559 } });
    expect(criteria.structuredContent).toMatchObject({ taskId: '1559', criteria: [{ text: 'burns the base fee' }] });
    const impact = await client.callTool({ name: 'analyze_impact', arguments: { nodeId: 2718 } });
    expect(impact.structuredContent).toMatchObject({ nodeId: '2718', impacted: [{ id: '1559' }] });
    const wrong = await client.callTool({ name: 'get_task_context', arguments: { taskId: 15.5 } });
    expect(JSON.parse(textOf(wrong))).toMatchObject({ code: 'TASK_NOT_FOUND', taskId: '15.5' });
  });

  it('anything else is INVALID_ARGUMENT that says what to send; the schema says string or number', async () => {
    const { client } = await connectInMemory(eips());
    const wrong = await client.callTool({ name: 'get_task_context', arguments: { taskId: true } });
    expect(JSON.parse(textOf(wrong))).toMatchObject({ code: 'INVALID_ARGUMENT', message: 'Invalid arguments: taskId must be a string (a document id such as "BE-02") or a number.' });
    const { tools } = await client.listTools();
    const schema = tools.find((t) => t.name === 'get_task_context')!.inputSchema.properties!['taskId'];
    expect(schema).toMatchObject({ type: ['string', 'number'], minLength: 1, maxLength: 512 });
  });
});

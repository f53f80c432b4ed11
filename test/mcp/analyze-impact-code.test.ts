/**
 * analyze_impact with trace tags (TRACE §5): each page carries the code of its documents, and
 * the first page that of nodeId; without `trace.sources` the answer has no `code` key.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../src/core/index.js';
import { connectInMemory } from '../helpers/in-memory.js';
import { DEMO } from '../helpers/paths.js';
import { doc, testdir } from '../helpers/testdir.js';

describe('analyze_impact code', () => {
  it('lists the tagged source lines of the node and of every impacted document, page by page', async () => {
    const files: Record<string, string> = { 'docugraph.yml': 'trace:\n  sources: [src/]\n', 'req.md': doc({ id: 'REQ', title: 'R' }) };
    for (let i = 0; i < 4; i += 1) files[`t${i}.md`] = doc({ id: `T-${i}`, title: `T${i}`, depends_on: ['REQ'] });
    files['src/a.ts'] = '// docugraph: implements REQ\n// docugraph: implements T-0\n// docugraph: verifies T-3\n';
    const { client } = await connectInMemory(loadWorkspace(testdir(files)));
    const first = (await client.callTool({ name: 'analyze_impact', arguments: { nodeId: 'REQ', limit: 2 } })).structuredContent as Record<string, unknown>;
    expect(first['impacted']).toHaveLength(2);
    expect(first['code']).toEqual([
      { id: 'REQ', path: 'src/a.ts', line: 1, relation: 'implements' },
      { id: 'T-0', path: 'src/a.ts', line: 2, relation: 'implements' },
    ]);
    const second = (await client.callTool({ name: 'analyze_impact', arguments: { nodeId: 'REQ', limit: 2, cursor: first['nextCursor'] } })).structuredContent as Record<string, unknown>;
    expect(second['code']).toEqual([{ id: 'T-3', path: 'src/a.ts', line: 3, relation: 'verifies' }]);
    await client.close();
  });

  it('the demo: changing REQ-01 names its code and that of BE-02; an untraced workspace has no code key', async () => {
    const { client } = await connectInMemory(loadWorkspace(DEMO));
    const answer = (await client.callTool({ name: 'analyze_impact', arguments: { nodeId: 'REQ-01' } })).structuredContent as { code: { path: string; line: number }[] };
    expect(answer.code.map((c) => `${c.path}:${c.line}`)).toEqual(['src/api/projects.ts:24', 'src/api/projects.ts:35', 'src/domain/project-name.ts:2', 'test/project-name.test.ts:4', 'test/projects-api.test.ts:11', 'test/projects-api.test.ts:15', 'test/projects-api.test.ts:15']);
    await client.close();
    const plain = await connectInMemory(loadWorkspace(testdir({ 'a.md': doc({ id: 'A', title: 'A' }) })));
    expect(Object.keys((await plain.client.callTool({ name: 'analyze_impact', arguments: { nodeId: 'A' } })).structuredContent!)).toEqual(['nodeId', 'impacted', 'truncated']);
    await plain.client.close();
  });
});

/**
 * Spec kits over MCP (KITS §5), in-process through the SDK client: a task's bundle, items in
 * list_tasks with their line, a requirement's criteria, item resources (ids with `/`).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../src/core/index.js';
import { connectInMemory, textOf } from '../helpers/in-memory.js';
import { testdir } from '../helpers/testdir.js';

const workspace = () =>
  loadWorkspace(
    testdir({
      'docugraph.yml': 'kits: [kiro]\n',
      '.kiro/specs/auth/requirements.md': '### Requirement 1: Sign in\n\n#### Acceptance Criteria\n\n1. WHEN sent THEN signed in\n2. WHEN wrong THEN told\n',
      '.kiro/specs/auth/design.md': '# Design\n',
      '.kiro/specs/auth/tasks.md': '- [ ] 1. Form\n  - _Requirements: 1.1_\n- [ ] 2. Handler\n  - _Depends: 1_\n  - _Requirements: 1.2_\n',
    }),
  );

describe('spec kits over MCP', () => {
  it('get_task_context of a task: its items with their lines, the design; list_tasks gives each item\'s line', async () => {
    const { client } = await connectInMemory(workspace());
    const bundle = textOf(await client.callTool({ name: 'get_task_context', arguments: { taskId: 'auth/T2' } }));
    expect(bundle.split('\n').filter((line) => line.startsWith('### ') || line.startsWith('path: ') || line.startsWith('- `'))).toEqual([
      '- `auth/T2` depth=0: requested task',
      '- `auth/R1.2` depth=1: implemented by `auth/T2`',
      '- `auth/T1` depth=1: required by `auth/T2`',
      '- `auth/design` depth=1: required by `auth/T2`',
      '- `auth/R1` depth=2: refined by `auth/R1.2`',
      '- `auth/R1.1` depth=2: implemented by `auth/T1`',
      '### auth/R1 — Sign in',
      'path: .kiro/specs/auth/requirements.md:1-3',
      // The requirement's own first line (a heading of the file).
      '### Requirement 1: Sign in',
      '### auth/R1.1 — WHEN sent THEN signed in',
      'path: .kiro/specs/auth/requirements.md:5-5',
      '### auth/R1.2 — WHEN wrong THEN told',
      'path: .kiro/specs/auth/requirements.md:6-6',
      '### auth/design — Design',
      'path: .kiro/specs/auth/design.md',
      '### auth/T1 — Form',
      'path: .kiro/specs/auth/tasks.md:1-2',
      '### auth/T2 — Handler',
      'path: .kiro/specs/auth/tasks.md:3-5',
    ]);
    const ready = (await client.callTool({ name: 'list_tasks', arguments: { state: 'ready' } })).structuredContent as { tasks: { id: string; line?: number; path: string }[] };
    expect(ready.tasks).toEqual([expect.objectContaining({ id: 'auth/T1', path: '.kiro/specs/auth/tasks.md', line: 1 })]);
    const blocked = (await client.callTool({ name: 'list_tasks', arguments: { state: 'blocked' } })).structuredContent as { tasks: object[] };
    expect(blocked.tasks).toEqual([expect.objectContaining({ id: 'auth/T2', line: 3, blockedBy: [{ id: 'auth/T1', state: 'ready' }] })]);
  });

  it('get_acceptance_criteria of a requirement: its criteria', async () => {
    const { client } = await connectInMemory(workspace());
    const result = (await client.callTool({ name: 'get_acceptance_criteria', arguments: { taskId: 'auth/R1' } })).structuredContent;
    expect(result).toEqual({
      taskId: 'auth/R1',
      title: 'Sign in',
      path: '.kiro/specs/auth/requirements.md',
      source: 'items',
      criteria: [
        { text: 'WHEN sent THEN signed in', done: null, line: 5 },
        { text: 'WHEN wrong THEN told', done: null, line: 6 },
      ],
    });
  });

  it('an item is a resource of its own: its id escaped in the URI, its lines as the text', async () => {
    const { client } = await connectInMemory(workspace());
    const { resources } = await client.listResources();
    const item = resources.find((r) => r.name === 'auth/T2')!;
    expect(item.uri).toBe('docugraph://docs/auth%2FT2');
    const read = await client.readResource({ uri: item.uri });
    expect(read.contents).toEqual([{ uri: 'docugraph://docs/auth%2FT2', mimeType: 'text/markdown', text: '- [ ] 2. Handler\n  - _Depends: 1_\n  - _Requirements: 1.2_' }]);
  });
});

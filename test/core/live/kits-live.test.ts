/**
 * A live workspace on a spec kit (KITS §5): checking a box, adding a task or the feature's
 * design shows in the next snapshot, as a fresh load would see it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildReport, listTasks, loadWorkspace, type Workspace } from '../../../src/core/index.js';
import { openLiveWorkspace, type LiveWorkspace } from '../../../src/core/live/live-workspace.js';
import { testdir } from '../../helpers/testdir.js';

const open: LiveWorkspace[] = [];
afterEach(() => {
  while (open.length > 0) open.pop()!.close();
});

const answers = (ws: Workspace) => JSON.stringify([buildReport(ws), listTasks(ws), ws.ids.map((id) => [id, ws.upstream.get(id), ws.relationsOut.get(id) ?? null])]);

describe.each(['watch', 'poll'] as const)('a kit, live (%s)', (mode) => {
  it('each edit is in the next snapshot, equal to a fresh load', async () => {
    const root = testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/auth/tasks.md': '- [ ] 1. One\n- [ ] 2. Two\n  - _Depends: 1_\n' });
    const live = openLiveWorkspace(root, { mode, settleMs: 20 });
    open.push(live);
    const tasks = join(root, '.kiro/specs/auth/tasks.md');
    expect((await live.snapshot()).states.get('auth/T2')!.state).toBe('blocked');
    const edits: [string, string][] = [
      [tasks, '- [x] 1. One\n- [ ] 2. Two\n  - _Depends: 1_\n'],
      [tasks, '- [x] 1. One\n- [ ] 2. Two\n  - _Depends: 1_\n- [ ] 3. Three\n'],
      [join(root, '.kiro/specs/auth/design.md'), '# Design\n'],
      [tasks, '- [x] 1. One\n- [-] 2. Two, started\n  - _Depends: 1_\n- [ ] 3. Three\n'],
    ];
    for (const [path, text] of edits) {
      writeFileSync(path, text);
      const ws = await live.snapshot();
      expect(answers(ws), text).toBe(answers(loadWorkspace(root)));
    }
    const last = await live.snapshot();
    expect(last.states.get('auth/T2')!.state).toBe('ready');
    expect(last.nodes.get('auth/T2')!.title).toBe('Two, started');
    expect(last.upstream.get('auth/T3')).toEqual(['auth/design']);
  });
});

describe('a kit reference resolved by another item’s text, live', () => {
  it('an edit that gives FR-039 its clause (c) resolves `FR-039c` in the next snapshot, as a fresh load does', async () => {
    const spec = (clauses: string) => `# Spec\n\n- **FR-039**: The screens MUST meet four conditions: ${clauses}.\n`;
    const root = testdir({
      'docugraph.yml': 'kits: [speckit]\n',
      'specs/001-access/spec.md': spec('(a) keyboard, (b) contrast'),
      'specs/001-access/tasks.md': '- [ ] T137 Label `field.tsx` (FR-039c).\n',
    });
    const live = openLiveWorkspace(root, { mode: 'poll', settleMs: 20 });
    open.push(live);
    const broken = (ws: Workspace) => ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.nodeId);
    expect(broken(await live.snapshot())).toEqual(['001-access/T137']);
    writeFileSync(join(root, 'specs/001-access/spec.md'), spec('(a) keyboard, (b) contrast, (c) labels, (d) focus'));
    const ws = await live.snapshot();
    expect(broken(ws)).toEqual([]);
    expect(ws.relationsOut.get('001-access/T137')!.map((e) => `${e.relation} ${e.id}`)).toEqual(['implements 001-access/FR-039']);
    expect(answers(ws)).toBe(answers(loadWorkspace(root)));
    // And back: the clause gone, the reference is broken again.
    writeFileSync(join(root, 'specs/001-access/spec.md'), spec('(a) keyboard'));
    const back = await live.snapshot();
    expect(broken(back)).toEqual(['001-access/T137']);
    expect(answers(back)).toBe(answers(loadWorkspace(root)));
  });
});

/**
 * Forms a seventy-ninth round wrote (D-564), modelled on the lines quoted: jaevans36/finance-manager at f080737 (Spec Kit),
 * specs/001-todo-app/tasks.md:488 `## Phase 12: User Story 9 - Calendar View` over tasks that tag no story, in a feature whose
 * spec.md was moved away (8 false LINK_BROKEN, where its explicit `[US9]` tags raise none); javeria-kamran/Taskops at ad9dec0,
 * specs/phase-3-4/tasks.md:419 `- [ ] T028, T029: add_task + list_tasks tools ONLY` in a recap, read as a second T028 (ID_DUPLICATE).
 */
import { describe, expect, it } from 'vitest';
import { buildReport, loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

describe('a phase heading\'s story in a feature with no spec.md', () => {
  it('names nothing to check, as a task\'s `[US9]` there does', () => {
    const tasks = ['## Phase 12: User Story 9 - Calendar View', '', '- [ ] T300 Build the calendar', '- [ ] T301 [US9] Style the calendar', ''].join('\n');
    const report = buildReport(loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-todo-app/tasks.md': tasks })));
    expect(report.errors.filter((f) => f.code === 'LINK_BROKEN')).toEqual([]);
  });

  it('where the spec numbers its stories, the heading\'s story is the task\'s still', () => {
    const tasks = ['## Phase 12: User Story 9 - Calendar View', '', '- [ ] T300 Build the calendar', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-todo-app/spec.md': '### User Story 9 - Calendar (Priority: P2)\n\nA calendar.\n', 'specs/001-todo-app/tasks.md': tasks }));
    expect(ws.relationsOut.get('001-todo-app/T300')!.map((e) => e.id)).toEqual(['001-todo-app/US9']);
  });
});

describe('a box that lists task ids, a recap', () => {
  it('is no second task (`- [ ] T028, T029: … ONLY`)', () => {
    const tasks = ['- [ ] T028 Add the add_task tool', '- [ ] T029 Add the list_tasks tool', '', '## Must-Have for MVP', '', '- [ ] T028-T029: the two tools (all)', '- [ ] T028, T029: add_task + list_tasks tools ONLY', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/phase-3-4/tasks.md': tasks }));
    expect([...ws.ids].filter((id) => ws.nodes.get(id)!.type === 'task')).toEqual(['phase-3-4/T028', 'phase-3-4/T029']);
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE')).toEqual([]);
  });
});

/**
 * Forms a sixty-fifth round of held-out repositories wrote (D-546), modelled on the lines quoted:
 * - Bzyczek7/PolishedCharts at 5afef09 (Spec Kit), specs/013-alarm-notifications/spec.md:313-363, `- **FR-AUTHZ-001**: …`,
 *   `- **FR-AUDIT-001**: …` beside `FR-ENC-001` (9 requirements not read, and the tasks' `per FR-AUTHZ-001/002/003` dropped without
 *   a word).
 * - w0nsdoof/diplomka at 3127640, specs/008-ai-epic-tasks/tasks.md: `## Phase 3: User Story 1+2+5 — Generate Tasks with Smart
 *   Assignees & Notifications (Priority: P1)` over tasks tagged `[US1]` (their mark says which they serve: US2's finding left);
 *   PolishedCharts' 013 tasks.md, `## Phase 3: User Story 1 - Toast Notifications (Priority: P1) 🎯 MVP` over tasks with no `[USn]`
 *   (six stories false COVERAGE_MISSING).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

describe('forms of a sixty-fifth round', () => {
  it('a part code of five letters (`FR-AUTHZ-001`, `FR-AUDIT-001`) is read as one of four is', () => {
    const spec = [
      '# Feature Specification: Alarms', '', '## MVP Standard Behaviors', '',
      '- **FR-ENC-001**: Alarm payloads MUST be encrypted at rest.',
      '- **FR-AUTHZ-001**: Only the alarm owner MUST be able to edit it.',
      '- **FR-AUTHZ-002**: Admins MUST be able to disable any alarm.',
      '- **FR-AUDIT-001**: Every alarm change MUST be logged.', '',
    ].join('\n');
    const tasks = ['# Tasks', '', '- [ ] T020 Enforce ownership per FR-AUTHZ-001/002', '- [ ] T021 Log changes per FR-AUDIT-001 and FR-ENC-001', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/013-alarms/spec.md': spec, 'specs/013-alarms/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'functional-requirement').map((n) => n.id)).toEqual([
      '013-alarms/FR-ENC-001', '013-alarms/FR-AUTHZ-001', '013-alarms/FR-AUTHZ-002', '013-alarms/FR-AUDIT-001',
    ]);
    expect(ws.relationsOut.get('013-alarms/T020')!.filter((e) => e.relation === 'implements').map((e) => e.id)).toEqual(['013-alarms/FR-AUTHZ-001', '013-alarms/FR-AUTHZ-002']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'COVERAGE_MISSING')).toEqual([]);
  });
  it("a tasks.md phase heading that names stories in words (`User Story 1+2+5`) names them for its tasks that tag none", () => {
    const spec = ['# Feature Specification: Epics', ''];
    for (const n of [1, 2, 3, 4, 5]) spec.push(`### User Story ${n} - Story ${n} (Priority: P1)`, '', 'Text.', '');
    const tasks = [
      '# Tasks', // 1
      '', // 2
      '## Phase 3: User Story 1+2+5 — Generate Tasks with Smart Assignees & Notifications (Priority: P1)', // 3
      '', // 4
      '- [ ] T010 [US1] Build the assignee picker', // 5: its own mark says which it serves
      '- [ ] T011 Send the notification', // 6
      '', // 7
      '## Phase 4: User Stories 3–4 — Preview Dialog', // 8: a range
      '', // 9
      '### Implementation for User Story 4', // 10: the phase's part, not a phase of its own
      '', // 11
      '- [ ] T020 Build the preview dialog', // 12
      '', // 13
      '## Phase 5: Polish (once User Story 2 lands)', // 14: prose
      '', // 15
      '- [ ] T030 Update the docs', // 16
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/008-epics/spec.md': spec.join('\n'), 'specs/008-epics/tasks.md': tasks }));
    const stories = (id: string) => ws.relationsOut.get(`008-epics/${id}`)?.filter((e) => e.relation === 'implements').map((e) => e.id.slice('008-epics/'.length)).sort() ?? [];
    expect(stories('T010')).toEqual(['US1']);
    expect(stories('T011')).toEqual(['US1', 'US2', 'US5']);
    expect(stories('T020')).toEqual(['US3', 'US4']);
    expect(stories('T030')).toEqual([]);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING' || d.code === 'LINK_BROKEN')).toEqual([]);
  });

  it('in other languages too; not prose, a list read in part, the file\'s title, or what a heading strikes through (a review)', () => {
    const spec = ['# Especificación', '', '### Historia de usuario 1 - Gestionar tareas (Prioridad: P1)', '', 'Texto.', '', '### Historia de usuario 2 - Filtrar (Prioridad: P2)', '', 'Texto.', ''].join('\n');
    const tasks = [
      '# Tareas: Stories 2.0 Redesign', '', '- [ ] T001 Preparar el proyecto', '',
      '## Fase 3: Historia de usuario 1 - Gestionar tareas (Prioridad: P1)', '', '- [ ] T017 Implementar el formulario', '',
      '## Dependencias de historias de usuario', '', '- [ ] T040 Revisar el orden', '',
      '## Fase 4: 사용자 스토리 2 - 필터 구현', '', '- [ ] T041 필터 구현', '',
      '## Fase 5: User Story 2, 3 screens', '', '- [ ] T042 Diseñar pantallas', '',
      '## Fase 6: Stretch — User Story 3, 2026 roadmap', '', '- [ ] T043 Planear', '',
      '## ~~Fase 7: User Story 4 — Export~~ (descartado)', '', '- [ ] T044 Exportar', '',
      '## フェーズ8: ユーザーストーリー1・2 - 仕上げ', '', '- [ ] T045 仕上げる', '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-tm/spec.md': spec, 'specs/001-tm/tasks.md': tasks }));
    const of = (id: string) => ws.relationsOut.get(`001-tm/${id}`)?.map((e) => e.id.slice('001-tm/'.length)) ?? [];
    expect(['T001', 'T017', 'T040', 'T041', 'T042', 'T043', 'T044', 'T045'].map(of)).toEqual([[], ['US1'], [], ['US2'], [], [], [], ['US1', 'US2']]);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
  });
});

/**
 * Forms a sixty-fifth round of held-out repositories wrote (D-546), modelled on the lines quoted:
 * - Derechin2205/taskcampus at b83054f (Spanish, Spec Kit), specs/001-task-management/tasks.md:136-140: under `## Ejemplo paralelo:
 *   Historia de usuario 1` (the template's "Parallel Example", written as boxes), `- [ ] T017 [US1] Implementar el envío del
 *   formulario …` again, open, after `- [X] T017 [US1] …` at line 51 (3 false ID_DUPLICATE errors, and a phantom `T019#2` that
 *   `ready` offered).
 * - Bzyczek7/PolishedCharts at 5afef09 (Spec Kit), specs/015-symbol-load-performance/tasks.md:305-314: under `## Validation Checklist`,
 *   `- [ ] T036: Auth caching implemented in authService.ts (axios instance cached)` … `- [ ] T044: …`, the outcomes of tasks
 *   T036–T044 (lines 120–159) to tick off: six were read as those tasks again, three (in other words) as new tasks `T036#2` with
 *   their ID_DUPLICATE errors.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const spec = ['# Especificación', '', '### Historia de usuario 1 - Gestionar tareas (Prioridad: P1)', '', 'Texto.', ''].join('\n');
const load = (tasks: string) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-tm/spec.md': spec, 'specs/001-tm/tasks.md': tasks }));
const duplicates = (ws: ReturnType<typeof load>) => ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE').map((d) => d.line);
const tasksOf = (ws: ReturnType<typeof load>) => [...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => `${n.id} ${n.item!.line} ${n.status}`);

describe('forms of a sixty-fifth round', () => {
  it("a plan's example that restates earlier tasks as open boxes is those tasks again, not new ones", () => {
    const tasks = [
      '# Tareas', // 1
      '', // 2
      '## Fase 3: Historia de usuario 1', // 3
      '', // 4
      '- [X] T017 [US1] Implementar el envío del formulario de creación de tareas en `frontend/src/modules/tasks/task-form.ts`', // 5
      '- [X] T018 [US1] Implementar la lógica de renderizado de la lista de tareas en `frontend/src/modules/tasks/task-list.ts`', // 6
      '- [X] T019 [US1] Implementar el flujo de creación de tareas en `frontend/src/services/tareas.service.ts` y persistir con `storage.service.ts`', // 7
      '', // 8
      '## Ejemplo paralelo: Historia de usuario 1', // 9
      '', // 10
      '- [ ] T017 [US1] Implementar el envío del formulario de creación de tareas en `frontend/src/modules/tasks/task-form.ts`', // 11
      '- [ ] T018 [US1] Implementar la lógica de renderizado de la lista de tareas en `frontend/src/modules/tasks/task-list.ts`', // 12
      '- [ ] T019 [US1] Implementar el flujo de creación de tareas en `frontend/src/services/tareas.service.ts`', // 13: shortened
      '',
    ].join('\n');
    const ws = load(tasks);
    expect(duplicates(ws)).toEqual([]);
    expect(tasksOf(ws)).toEqual(['001-tm/T017 5 done', '001-tm/T018 6 done', '001-tm/T019 7 done']);
    // In the tasks' state, boxes that cite are work, as before (a stale second plan of the same numbers: HakjunMIN/SDD-banking-app,
    // its ID_DUPLICATE judged real in a fifty-first round).
    const open = load(tasks.replaceAll('- [X]', '- [ ]'));
    expect(duplicates(open)).toEqual([11, 12, 13]);
  });

  it('a restatement that says more, cites more, or says done of an open task stays what it was (a duplicate)', () => {
    const tasks = [
      '# Tareas', // 1
      '', // 2
      '- [X] T017 [US1] Implementar el envío del formulario', // 3
      '- [X] T018 [US1] Implementar la lista', // 4
      '- [ ] T019 [US1] Implementar el flujo', // 5
      '- [X] T020 [US1] Escribir pruebas del modelo de usuario', // 6
      '', // 7
      '## Ejemplo', // 8
      '', // 9
      '- [ ] T017 [US1] Implementar el envío del formulario y su validación', // 10: says more
      '- [ ] T018 [US1] Implementar la lista (FR-001)', // 11: cites more
      '- [x] T019 [US1] Implementar el flujo', // 12: says done of an open task
      '- [ ] T020 [US1] Escribir pruebas del modelo de pedido', // 13: other work in another state
      '',
    ].join('\n');
    expect(duplicates(load(tasks))).toEqual([10, 11, 12, 13]);
  });

  it('a checklist that repeats tasks, most of it in their words, is those tasks again, every line of it', () => {
    const tasks = [
      '# Tasks', // 1
      '', // 2
      '- [ ] T036 [P] [US1] Cache axios instance in frontend/src/services/authService.ts (lazy initialization, module scope)', // 3
      '- [ ] T037 [P] [US1] Reduce auth buffer from 100ms to 10ms in frontend/src/services/authService.ts', // 4
      '- [ ] T038 [US1] Verify auth caching works: Test symbol load with console, verify no auth errors', // 5
      '- [ ] T040 [P] [US1] Reduce INITIAL_CANDLE_COUNT from 1000 to 200 in frontend/src/App.tsx (line ~627)', // 6
      '- [ ] T041 [US1] Verify indicators render correctly with 200 candles', // 7
      '- [ ] T043 [US1] Test scroll-left backfill: Verify user can scroll to load older candles if needed', // 8
      '- [ ] T044 [US1] Add phase duration assertions to frontend/tests/performance/test-symbol-switch.test.ts', // 9
      '', // 10
      '## Validation Checklist', // 11
      '', // 12
      '- [ ] T036: Auth caching implemented in authService.ts (axios instance cached)', // 13: other words
      '- [ ] T037: Auth buffer reduced from 100ms to 10ms', // 14
      '- [ ] T038: Verify no auth errors with cached axios', // 15: other words
      '- [ ] T040: Candle count reduced from 1000 to 200', // 16
      '- [ ] T041: Indicators render correctly with 200 candles', // 17
      '- [ ] T043: Scroll-left backfill works for older candles', // 18
      '- [ ] T044: Performance tests assert candles < 800ms, indicators < 1200ms, total < 2500ms', // 19: other words
      '',
    ].join('\n');
    const ws = load(tasks);
    expect(duplicates(ws)).toEqual([]);
    expect(tasksOf(ws).map((t) => t.split(' ')[0])).toEqual(['T036', 'T037', 'T038', 'T040', 'T041', 'T043', 'T044'].map((t) => `001-tm/${t}`));
    // Most of it in other words, it is other work, as before: each a task of its own beside its ID_DUPLICATE.
    const other = tasks.replace('Auth buffer reduced from 100ms to 10ms', 'Ship the release notes').replace('Candle count reduced from 1000 to 200', 'Write the migration guide');
    expect(duplicates(load(other))).toEqual([13, 14, 15, 16, 19]);
  });
});

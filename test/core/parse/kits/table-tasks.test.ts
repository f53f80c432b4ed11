/**
 * Spec Kit tasks kept as a table's rows (D-568), modelled on the lines quoted: mkelley64/tarneeb-sdd-project (a seventy-sixth round),
 * specs/001-mvp/tasks.md:11 `| ID | Task | Supports | Testable Outcome |` over `| T001 | Confirm or create the iOS SwiftUI app
 * target. | PRD-001 AC1, PRD-001 AC2, NFR-001 | … |` (1,675 tasks in nine features, none readable by id); Kadu207/inova-crm-ai,
 * specs/004-crm-mvp/tasks.md:19 `| ID | Pri | Tarefa | Status |` over `| T-01 | P0 | Ler spec, plano e constitution | [x] |`;
 * eugaang/mytodo (an eightieth round), specs/002-todo-v2/tasks.md:16 `| ID | Task | 파일 | 의존성 |` over `| T002 | [ ] [B]
 * 마이그레이션 함수 작성 (v1→v2) | … | T001 |`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkspace, writeTaskState } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const load = (tasks: string, spec?: string) => {
  const root = testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-mvp/tasks.md': tasks, ...(spec === undefined ? {} : { 'specs/001-mvp/spec.md': spec }) });
  return { root, ws: loadWorkspace(root) };
};
const tasksOf = (ws: ReturnType<typeof loadWorkspace>) =>
  [...ws.ids].filter((id) => ws.nodes.get(id)!.type === 'task').map((id) => [id, ws.nodes.get(id)!.title, ws.nodes.get(id)!.item!.line, ws.nodes.get(id)!.item!.box]);

describe('Spec Kit tasks kept as a table\'s rows', () => {
  it('each row is its task: title from the task column, no state where none is written (`| ID | Task | Supports | Testable Outcome |`)', () => {
    const tasks = [
      '# Tasks',
      '',
      '## Phase 1: Setup',
      '',
      '| ID | Task | Supports | Testable Outcome |',
      '| --- | --- | --- | --- |',
      '| T001 | Confirm or create the iOS SwiftUI app target. | PRD-001 AC1, FR-001 | The app can launch. |',
      '| T002 | Confirm or create a unit test target. | PRD-003 AC1-AC5 | Unit tests can run. |',
      '',
      '## Phase 3: User Story 1 - Deal a hand',
      '',
      '| ID | Task | Supports | Testable Outcome |',
      '| --- | --- | --- | --- |',
      '| T004 | Define suit values. | PRD-003 AC2 | Four suits. |',
      '',
    ].join('\n');
    const { ws } = load(tasks, '### User Story 1 - Deal a hand (Priority: P1)\n\n- **FR-001**: launch\n');
    expect(tasksOf(ws)).toEqual([
      ['001-mvp/T001', 'Confirm or create the iOS SwiftUI app target.', 7, null],
      ['001-mvp/T002', 'Confirm or create a unit test target.', 8, null],
      ['001-mvp/T004', 'Define suit values.', 14, null],
    ]);
    expect(ws.relationsOut.get('001-mvp/T001')!.map((e) => e.id)).toContain('001-mvp/FR-001');
    // The phase heading's story is the row's, as it is a box's under it (D-546).
    expect(ws.relationsOut.get('001-mvp/T004')!.map((e) => e.id)).toContain('001-mvp/US1');
    expect(ws.relationsOut.get('001-mvp/T002')?.map((e) => e.id) ?? []).not.toContain('001-mvp/US1');
  });

  it('a status column gives the state, a box or a word (`| T-01 | P0 | Ler spec, plano e constitution | [x] |`); a box opening the title too', () => {
    const tasks = [
      '| ID   | Pri | Tarefa                           | Status |',
      '| ---- | --- | -------------------------------- | ------ |',
      '| T-01 | P0  | Ler spec, plano e constitution   | [x]    |',
      '| T-02 | P0  | Confirmar tenantId no schema     | em andamento |',
      '| T-03 | P1  | `.env.example` backend + workers | pending |',
      '',
      '| ID | Task | 파일 | 의존성 |',
      '|----|------|------|--------|',
      '| T004 | [ ] [B] 마이그레이션 함수 작성 (v1→v2) | `backend/src/services/todoService.ts` | T-01, T-02 |',
      '',
    ].join('\n');
    const { ws } = load(tasks);
    expect(tasksOf(ws)).toEqual([
      ['001-mvp/T-01', 'Ler spec, plano e constitution', 3, 'x'],
      ['001-mvp/T-02', 'Confirmar tenantId no schema', 4, '-'],
      ['001-mvp/T-03', '`.env.example` backend + workers', 5, ' '],
      ['001-mvp/T004', '[B] 마이그레이션 함수 작성 (v1→v2)', 9, ' '],
    ]);
    expect(ws.nodes.get('001-mvp/T004')!.dependsOn).toEqual(['001-mvp/T-01', '001-mvp/T-02']);
  });

  it('not where the file writes its tasks in boxes (its table a summary), nor a first column of test cases (`| T1 |`), nor a row repeated in a progress table, nor rows in a fence or comment', () => {
    const boxed = ['- [ ] T001 Build it', '', '| ID | Task |', '| --- | --- |', '| T001 | Build it |', '| T002 | Summary only |', ''].join('\n');
    expect(tasksOf(load(boxed).ws).map(([id]) => id)).toEqual(['001-mvp/T001']);
    const cases = ['| Case | Input |', '| --- | --- |', '| T1 | empty |', '| T2 | full |', ''].join('\n');
    expect(tasksOf(load(cases).ws)).toEqual([]);
    const repeated = [
      '| ID | Task |', '| --- | --- |', '| T001 | Build it |', '', '```', '| ID | Task |', '| --- | --- |', '| T009 | In a fence |', '```', '',
      '<!--', '| ID | Task |', '| --- | --- |', '| T010 | In a comment |', '-->', '', '## Progress', '', '| ID | Status |', '| --- | --- |', '| T001 | done |', '',
    ].join('\n');
    expect(tasksOf(load(repeated).ws)).toEqual([['001-mvp/T001', 'Build it', 3, null]]);
    expect(load(repeated).ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE')).toEqual([]);
  });

  it('a status of emoji or other scripts (`✅`, `✅ Done`, `完了`, `완료`, `✓`), of work dropped (`N/A`, `Skipped`); a title column named `Task Name` (a review)', () => {
    const tasks = [
      '| # | Priority | Task Name | Status |', '|---|---|---|---|',
      '| T1 | P1 | Setup | ✅ |', '| T2 | P1 | Model | ✅ Done |', '| T3 | P2 | UI | 完了 |', '| T4 | P2 | API | 완료 |', '| T5 | P3 | Docs | ✓ |', '| T6 | P3 | Old | N/A |', '| T7 | P3 | Later | Skipped |', '',
    ].join('\n');
    expect(tasksOf(load(tasks).ws).map(([id, title, , box]) => [id, title, box])).toEqual([
      ['001-mvp/T1', 'Setup', 'x'], ['001-mvp/T2', 'Model', 'x'], ['001-mvp/T3', 'UI', 'x'], ['001-mvp/T4', 'API', 'x'], ['001-mvp/T5', 'Docs', 'x'], ['001-mvp/T6', 'Old', 'dropped'], ['001-mvp/T7', 'Later', 'dropped'],
    ]);
  });

  it('not a table of dependencies, states or requirements over tasks written another way: it names no title column (a review)', () => {
    const tasks = ['- T001 Create project structure', '- T002 [P] Configure linting', '', '## Dependencies', '| Task | Depends on |', '|------|------------|', '| T002 | T001 |', '', '| Task | Status |', '|---|---|', '| T001 | ✅ Done |', ''].join('\n');
    const { ws } = load(tasks);
    expect(tasksOf(ws).map(([id, title, line]) => [id, title, line])).toEqual([]);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
  });

  it('`docugraph done` refuses a row and writes nothing: DocuGraph sets a state only in a box', () => {
    const tasks = '| ID | Task | Status |\n| --- | --- | --- |\n| T-01 | Ler spec | [ ] |\n| T-02 | Confirmar | |\n';
    const { root, ws } = load(tasks);
    expect(() => writeTaskState(ws, '001-mvp/T-01', 'done')).toThrow(/a table's row.*status cell by hand/);
    expect(() => writeTaskState(ws, '001-mvp/T-02', 'done')).toThrow(/without a box .*a table's row/);
    expect(readFileSync(join(root, 'specs/001-mvp/tasks.md'), 'utf8')).toBe(tasks);
  });
});

/**
 * A Spec Kit box that stands for a range of tasks (D-565), modelled on the lines quoted: CarlitoDon/sync-erp at 5b1f4e4,
 * specs/036-cash-upfront-payment/tasks.md:37 `- [x] T009-T017 All Zod schemas created and exported` (and five more such lines: T009
 * to T041 written nowhere else, so `context 036-…/T012` said "no such id"); zonbitamago/attendance-hub,
 * specs/004-bulk-attendance-register/tasks.md:147 `- [ ] T057-T065 **[Postponed]** [US3] StatusGridの実装はUser Story 3で対応`;
 * relateby/pattern-rs, specs/009-foldable-instance/tasks.md:145 `- [x] T036-T041: Property tests covered by comprehensive unit
 * tests (…)`; javeria-kamran/Taskops, specs/phase-3-4/tasks.md:414 `- [ ] T001-T006: Project Setup (all)`, a recap of tasks
 * written above.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, loadWorkspace, writeTaskState } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const SPEC = ['### User Story 1 - Create PO with Upfront Terms (Priority: P1)', '', '### User Story 3 - GRN (Priority: P3)', '', '- **FR-001**: a', ''].join('\n');

const load = (tasks: string, spec = SPEC) => {
  const root = testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/036-x/spec.md': spec, 'specs/036-x/tasks.md': tasks });
  return { root, ws: loadWorkspace(root) };
};
const tasksOf = (ws: ReturnType<typeof loadWorkspace>) => [...ws.ids].filter((id) => ws.nodes.get(id)!.type === 'task');

describe('a box that stands for a range of tasks', () => {
  it('reads each of them, with the box\'s title, state, line and references', () => {
    const tasks = [
      '## Phase 2: Foundational (Shared Validators) ✅ DONE',
      '',
      '- [x] T008 Run seed',
      '- [x] T009-T012 All Zod schemas created and exported',
      '',
      '## Phase 3: User Story 1 - Create PO with Upfront Terms ✅ DONE',
      '',
      '- [ ] T013–T014: PO with paymentTerms, badges, form, tests (FR-001)',
      '- [ ] T057-T058 **[Postponed]** [US3] StatusGridの実装はUser Story 3で対応',
      '',
    ].join('\n');
    const { ws } = load(tasks);
    expect(tasksOf(ws)).toEqual(['036-x/T008', '036-x/T009', '036-x/T010', '036-x/T011', '036-x/T012', '036-x/T013', '036-x/T014', '036-x/T057', '036-x/T058']);
    const t11 = ws.nodes.get('036-x/T011')!;
    expect([t11.title, t11.item!.line, t11.item!.box]).toEqual(['All Zod schemas created and exported', 4, 'x']);
    expect(ws.relationsOut.get('036-x/T014')!.map((e) => e.id).sort()).toEqual(['036-x/FR-001', '036-x/US1']);
    expect(ws.relationsOut.get('036-x/T058')!.map((e) => e.id)).toEqual(['036-x/US3']);
    expect(ws.nodes.get('036-x/T058')!.title).toBe('**[Postponed]** [US3] StatusGridの実装はUser Story 3で対応');
    const report = buildReport(ws);
    expect([...report.errors, ...report.warnings].filter((f) => ['LINK_BROKEN', 'ID_DUPLICATE', 'COVERAGE_MISSING'].includes(f.code))).toEqual([]);
  });

  it('a range whose tasks have boxes of their own is a recap: no task, no duplicate (`- [ ] T001-T006: Project Setup (all)`)', () => {
    const tasks = ['- [x] T001 Create the project', '- [x] T002 Add dependencies', '', '### Must-Have for MVP', '', '- [ ] T001-T002: Project Setup (all)', ''].join('\n');
    const { ws } = load(tasks);
    expect(tasksOf(ws)).toEqual(['036-x/T001', '036-x/T002']);
    expect(ws.nodes.get('036-x/T001')!.item!.line).toBe(1);
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE')).toEqual([]);
  });

  it('a spaced range too (`T001 – T003 Setup`); where the file writes some of its tasks but not its first, its first alone (D-495)', () => {
    const { ws: spaced } = load('- [ ] T000 Plan\n- [ ] T001 – T003 Setup scaffolding\n');
    expect(tasksOf(spaced).map((id) => [id, spaced.nodes.get(id)!.item!.line])).toEqual([['036-x/T000', 1], ['036-x/T001', 2], ['036-x/T002', 2], ['036-x/T003', 2]]);
    expect(spaced.nodes.get('036-x/T003')!.title).toBe('Setup scaffolding');
    const { ws } = load(['- [ ] T001 – T003 Setup scaffolding', '- [x] T002 Install the linter', ''].join('\n'));
    expect(tasksOf(ws).map((id) => [id, ws.nodes.get(id)!.item!.line])).toEqual([['036-x/T001', 1], ['036-x/T002', 2]]);
  });

  it('not a range going down, nor one of more than fifty tasks, nor of dotted ids (a pointer: D-495)', () => {
    const tasks = ['- [ ] T001 First', '- [ ] T020-T010 back', '- [ ] T100-T199 the whole phase', '- [ ] T030.2~T030.6: see above', ''].join('\n');
    expect(tasksOf(load(tasks).ws)).toEqual(['036-x/T001']);
  });

  it('`docugraph done` on one of them refuses (one box holds them all), and writes nothing', () => {
    const tasks = '- [ ] T001 First\n- [ ] T002-T004 The rest\n';
    const { root, ws } = load(tasks);
    expect(() => writeTaskState(ws, '036-x/T003', 'done')).toThrow(/shares its box with other tasks/);
    // What it says already needs no write (a review): as for any task.
    expect(writeTaskState(ws, '036-x/T003', 'todo').changed).toBe(false);
    expect(() => writeTaskState(ws, '036-x/T002', 'done')).toThrow(/tasks\.md`:2/);
    expect(readFileSync(join(root, 'specs/036-x/tasks.md'), 'utf8')).toBe(tasks);
    writeTaskState(ws, '036-x/T001', 'done');
    expect(readFileSync(join(root, 'specs/036-x/tasks.md'), 'utf8')).toBe('- [x] T001 First\n- [ ] T002-T004 The rest\n');
  });
});

describe('a box that lists task ids (D-564\'s review)', () => {
  it('the only place a task is written: each of its tasks is read (`- [ ] T003, T004 [P] [US2] Create Profile model …`)', () => {
    const tasks = ['- [ ] T001 Create project structure', '', '## Phase 4: User Story 2 - Profile', '', '- [ ] T003, T004 [P] [US2] Create Profile model and ProfileService (FR-001)', '- [ ] T005 [US2] Profile endpoint (depends on T003)', ''].join('\n');
    const spec = ['### User Story 1 - Sign up (Priority: P1)', '', '### User Story 2 - Profile (Priority: P2)', '', '- **FR-001**: a', ''].join('\n');
    const { ws } = load(tasks, spec);
    expect(tasksOf(ws)).toEqual(['036-x/T001', '036-x/T003', '036-x/T004', '036-x/T005']);
    expect(ws.relationsOut.get('036-x/T004')!.map((e) => e.id).sort()).toEqual(['036-x/FR-001', '036-x/US2']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || (d.code === 'COVERAGE_MISSING' && d.nodeId !== '036-x/US1')).map((d) => d.message)).toEqual([]);
  });

  it('a list of ids with words (`T028 and T029`, `T028 & T029`, `T028、T029`) is a recap where they have boxes, no second task', () => {
    const tasks = ['- [ ] T028 Add the add_task tool', '- [ ] T029 Add the list_tasks tool', '', '## Must-Have for MVP', '', '- [ ] T028 and T029: tools ONLY', '- [ ] T028 & T029: again', '- [ ] T028、T029: また', ''].join('\n');
    const { ws } = load(tasks);
    expect(tasksOf(ws)).toEqual(['036-x/T028', '036-x/T029']);
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE')).toEqual([]);
  });

  it('a checkpoint box listing tasks the file writes as `## [ ] Task T001 - …` headings is a recap; the headings are the tasks, their boxes their steps', () => {
    const tasks = ['## [ ] Task T001 - Set up project', '**Acceptance Criteria:**', '- [ ] Repo created', '- [ ] CI green', '## [x] Task T002 - Add login', '- [ ] Form renders', '## Checkpoint', '- [ ] T001, T002 완료', '- [ ] Build passes', ''].join('\n');
    const { ws } = load(tasks);
    expect(tasksOf(ws).map((id) => [id, ws.nodes.get(id)!.title, ws.nodes.get(id)!.item!.line, ws.nodes.get(id)!.item!.box])).toEqual([['036-x/T001', 'Set up project', 1, ' '], ['036-x/T002', 'Add login', 5, 'x']]);
  });

  it('only in a file that writes its tasks by their ids: where it gives them in bold or by their places, a range box is none of them (a review)', () => {
    const bold = ['## Phase 1', '1.  **T018**: [x] Create a new React context', '2.  **T019**: [ ] Add provider', '## Review', '- [ ] T018-T019 reviewed by QA', ''].join('\n');
    const { ws } = load(bold);
    expect(tasksOf(ws).map((id) => [id, ws.nodes.get(id)!.item!.line, ws.nodes.get(id)!.item!.box])).toEqual([['036-x/T018', 2, 'x'], ['036-x/T019', 3, ' ']]);
    const placed = ['- [ ] Initialize Next.js application', '- [ ] Add Tailwind', '## Notes', '- [ ] T001, T002 from the old plan are obsolete', ''].join('\n');
    expect(tasksOf(load(placed).ws)).toEqual(['036-x/T#1', '036-x/T#2', '036-x/T#3']);
  });

  it('not a checklist over tasks the file writes (`- [x] T001-T005 reviewed` after `### T001:`…), nor a note (`can run in parallel`, `depends on`), nor ids written without zeros (`T1-T3`)', () => {
    const tasks = [
      '### T001: Build', '### T002: Test', '### T003: Ship', '', '## Review checklist', '- [x] T001-T005 reviewed', '- [x] T1-T3 foundation complete', '',
      '## Parallel', '- [ ] T007, T008 can run in parallel', '- [ ] T009 and T010 must finish before release', '- [ ] T011, T012 depends on T003', '',
    ].join('\n');
    expect(tasksOf(load(tasks).ws)).toEqual(['036-x/T001', '036-x/T002', '036-x/T003']);
  });

  it('a title opening with a verb such as `Run` is a task\'s, not a note; a file whose every box is a range reads them (a review)', () => {
    const tasks = ['- [x] T001 Create project', '- [ ] T002 – T004 Run database migrations', '- [ ] T005, T006 Run linters', '- [ ] T007 Write docs (depends on T003)', ''].join('\n');
    const { ws } = load(tasks);
    expect(tasksOf(ws)).toEqual(['036-x/T001', '036-x/T002', '036-x/T003', '036-x/T004', '036-x/T005', '036-x/T006', '036-x/T007']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
    const ranges = ['- [x] T001-T003 Project scaffolding', '- [ ] T004-T006 Data models', ''].join('\n');
    expect(tasksOf(load(ranges).ws)).toEqual(['036-x/T001', '036-x/T002', '036-x/T003', '036-x/T004', '036-x/T005', '036-x/T006']);
  });

  it('each task of a range takes what a mapping names of it, not what it names of the first', () => {
    const tasks = ['- [ ] T008 Setup', '- [x] T009-T011 [US1] Schemas', '', '| Requirement | Tasks |', '| --- | --- |', '| FR-001 | T009 |', '| FR-002 | T011 |', ''].join('\n');
    const spec = ['### User Story 1 - Create PO with Upfront Terms (Priority: P1)', '', '- **FR-001**: a', '- **FR-002**: b', ''].join('\n');
    const { ws } = load(tasks, spec);
    const implemented = (id: string) => ws.relationsOut.get(id)!.map((e) => e.id).sort();
    expect([implemented('036-x/T009'), implemented('036-x/T010'), implemented('036-x/T011')]).toEqual([['036-x/FR-001', '036-x/US1'], ['036-x/US1'], ['036-x/FR-002', '036-x/US1']]);
  });
});

describe('a story a task names in a feature with no spec.md (D-564\'s review)', () => {
  it('in its words (`US9`) names nothing to check, as its heading and `[US9]` do; where the kit shares a stories file, each is checked against it', () => {
    const tasks = ['## Phase 4: User Story 9 - Calendar', '', '- [ ] T002 Build calendar', '- [ ] T003 Style calendar (US9)', ''].join('\n');
    const alone = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-x/tasks.md': tasks }));
    expect(buildReport(alone).errors.filter((f) => f.code === 'LINK_BROKEN')).toEqual([]);
    const shared = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/stories.md': '### US1 - Sign up\n\nA.\n', 'specs/001-x/tasks.md': tasks }));
    expect(buildReport(shared).errors.filter((f) => f.code === 'LINK_BROKEN').map((f) => f.line)).toEqual([1, 4]);
  });
});

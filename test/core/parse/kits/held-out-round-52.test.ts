/**
 * Forms a fifty-second round of held-out repositories wrote, and forms earlier rounds left (D-531), each case modelled on
 * the lines quoted:
 * - akiojin/unity-mcp-server (round 49, c73594b), specs/SPEC-0b6b106c/tasks.md:17-19: Spec Kit's parallel mark written where
 *   the box goes, `- [P] **T002** \`/specs/SPEC-0b6b106c/data-model.md\` で … を定義` — four tasks no command could name;
 *   the same repository's notes `- [P] T102 と T104/T105 は並行可` (SPEC-911befe7/tasks.md:33) and `- [P] タスク = 異なるファイル、
 *   依存関係なし` (templates/tasks-template.md:95) are no tasks, nor a line of several tasks that can all be built concurrently
 *   (`- [P] **T003** (Analytics hook), **T010** (Decision Board view), … can all be built concurrently`).
 * - Victor77-coder/Ticket.com (round 52), specs/004-home-movie-rows/tasks.md:298-314: an amendment's tasks after T055,
 *   `- [X] TE01 [P] [US2] Escrever … o teste de FR-003a`, `- [X] TE09 Executar a verificação de SC-003a …` — eleven tasks
 *   not read, and FR-003a, FR-003b, FR-004 and SC-003a COVERAGE_MISSING though these tasks name them.
 * - ToMrArcher/copilot-cup (round 52), openspec/changes/add-access-control/tasks.md:5: `- [x] **1.1 Update Prisma schema**`,
 *   the bold closed after the title: the title kept the closing `**` (18 tasks).
 * - Victor77-coder/Ticket.com, specs/010-gate-validation/tasks.md:144: `(FR-055 equivalente, US3-7)` in a feature whose FRs stop
 *   at FR-050, of 009-my-tickets-sharing's FR-055: "did you mean `FR-050`" alone.
 * - A review's cases: `[P]` notes in stored public repositories (`- [P] T020 与 T021-T023 分阶段并行…`, `- [P] T01-09 and T01-10
 *   can run in parallel…`, `- [P] T003 (tests) en paralelo con T004`, `- [P] T007 y T009 en paralelo`) read as a task again.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkspace, writeTaskState } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const SPEC = ['# Feature Specification: Component fields', '', '## Requirements', '', '- **FR-001**: System MUST update a component field.', '- **FR-002**: System MUST save the prefab.', ''].join('\n');
const load = (tasks: string) => {
  const root = testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-fields/spec.md': SPEC, 'specs/001-fields/tasks.md': tasks });
  return { root, ws: loadWorkspace(root) };
};
const tasks = (ws: ReturnType<typeof loadWorkspace>) => ws.ids.filter((id) => ws.nodes.get(id)!.type === 'task').map((id) => `${id} ${ws.nodes.get(id)!.item!.box} ${ws.nodes.get(id)!.title}`);

describe('forms of a fifty-second round', () => {
  it('Spec Kit: `- [P] **T002** …`, the parallel mark where the box goes, is an open task with its references', () => {
    const { ws } = load(['# Tasks', '', '## Phase 3.1: Setup', '- [ ] **T001** Write research.md (FR-001)', '- [P] **T002** Define `ComponentFieldUpdateRequest` in data-model.md (FR-001)', '- [P] T003 Write the prefab contract (FR-002)', '- [P] **T004** Test what **T002** defines', ''].join('\n'));
    expect(tasks(ws)).toEqual(['001-fields/T001   Write research.md (FR-001)', '001-fields/T002   Define `ComponentFieldUpdateRequest` in data-model.md (FR-001)', '001-fields/T003   Write the prefab contract (FR-002)', '001-fields/T004   Test what **T002** defines']);
    expect((ws.relationsOut.get('001-fields/T003') ?? []).map((e) => `${e.relation} ${e.id}`)).toEqual(['implements 001-fields/FR-002']);
    expect(ws.diagnostics).toEqual([]);
  });

  it('a `[P]` note naming several tasks, or no task, is no task', () => {
    const { ws } = load([
      '# Tasks',
      '',
      '- [ ] T102 Update the handler (FR-001)',
      '- [ ] T103 Save the prefab (FR-002)',
      '- [ ] T104 Write the docs',
      '',
      '## Parallel',
      '- [P] T102 と T104/T105 は並行可',
      '- [P] T102,T103 は実装完了後並列可',
      '- [P] **T103** (prefab), **T104** (docs) can all be built concurrently',
      '- [P] タスク = 異なるファイル、依存関係なし',
      '',
    ].join('\n'));
    expect(tasks(ws).map((t) => t.split(' ')[0])).toEqual(['001-fields/T102', '001-fields/T103', '001-fields/T104']);
    expect(ws.diagnostics.map((d) => d.code)).not.toContain('ID_DUPLICATE');
  });

  it('Spec Kit: an amendment\'s `TE01` boxes beside the template\'s `T` ids are tasks, with what they cite', () => {
    const { ws } = load([
      '# Tasks',
      '',
      '- [X] T001 [US1] Build the row (FR-001)',
      '',
      '# Emenda de 2026-08-11',
      '',
      '- [X] TE01 [P] [US1] Escrever o teste de FR-001',
      '- [X] TE02 [P] [US1] Escrever o teste de FR-002',
      '- [X] TE09 Executar a verificação de FR-002',
      '',
    ].join('\n'));
    expect(tasks(ws)).toEqual(['001-fields/T001 x Build the row (FR-001)', '001-fields/TE01 x Escrever o teste de FR-001', '001-fields/TE02 x Escrever o teste de FR-002', '001-fields/TE09 x Executar a verificação de FR-002']);
    expect((ws.relationsOut.get('001-fields/TE09') ?? []).map((e) => `${e.relation} ${e.id}`)).toEqual(['implements 001-fields/FR-002']);
    expect(ws.diagnostics).toEqual([]);
  });

  it('one `TC01` box beside them is text, as one `P001` is (its letters open two boxes or more)', () => {
    const { ws } = load(['# Tasks', '', '- [X] T001 Build the row (FR-001)', '- [ ] TC01 passes on staging (FR-002)', ''].join('\n'));
    expect(tasks(ws).map((t) => t.split(' ')[0])).toEqual(['001-fields/T001']);
  });

  it('OpenSpec: `- [x] **1.1 Update Prisma schema**`, the bold closed after the title, is titled without it', () => {
    const root = testdir({ 'docugraph.yml': 'kits: [openspec]\n', 'openspec/changes/add-access/proposal.md': '# Add access\n', 'openspec/changes/add-access/tasks.md': ['## 1. Database', '', '- [x] **1.1 Update Prisma schema**', '- [ ] **1.2** Create the migration', '- [ ] **1.3 Add index** on `user_id` (see **design.md**)', '- [ ] **1.4 Add `**kwargs` support**', ''].join('\n') });
    const ws = loadWorkspace(root);
    expect(['T1.1', 'T1.2', 'T1.3', 'T1.4'].map((id) => ws.nodes.get(`change/add-access/${id}`)?.title)).toEqual(['Update Prisma schema', 'Create the migration', 'Add index on `user_id` (see **design.md**)', 'Add `**kwargs` support']);
  });

  it('a `[P]` note whose first task is a box of the file is no task (a review: no ID_DUPLICATE, no `T020#2`)', () => {
    const { ws } = load([
      '# Tasks',
      '',
      '- [ ] T003 Write the tests (FR-001)',
      '- [ ] T004 Build the handler (FR-001)',
      '- [ ] T007 Save the prefab (FR-002)',
      '- [ ] T009 Write the docs',
      '- [ ] T01-09 Lint',
      '- [ ] T01-10 Format',
      '',
      '## Parallel',
      '- [P] T003 (tests) en paralelo con T004',
      '- [P] T007 y T009 en paralelo',
      '- [P] T01-09 and T01-10 can run in parallel',
      '- [P] T020 与 T021-T023 分阶段并行',
      '',
    ].join('\n'));
    expect(tasks(ws).map((t) => t.split(' ')[0])).toEqual(['001-fields/T003', '001-fields/T004', '001-fields/T007', '001-fields/T009', '001-fields/T01-09', '001-fields/T01-10']);
    expect(ws.diagnostics.map((d) => d.code)).not.toContain('ID_DUPLICATE');
  });

  it('OpenSpec reads no `[P]` box: its unnumbered boxes keep their places (a review)', () => {
    const root = testdir({ 'docugraph.yml': 'kits: [openspec]\n', 'openspec/changes/add-x/proposal.md': '# Add X\n', 'openspec/changes/add-x/tasks.md': ['- [ ] Write the schema', '- [P] T10 can run beside the schema work', '- [ ] Write the handler', ''].join('\n') });
    const ws = loadWorkspace(root);
    expect(['change/add-x/T#1', 'change/add-x/T#2'].map((id) => ws.nodes.get(id)?.title)).toEqual(['Write the schema', 'Write the handler']);
  });

  it('Spec Kit: a box of another letter nested in a task is text, whether or not such a box opens the file (`  - [ ] P001 unit test`, `  - [ ] H264 decoding`: a review)', () => {
    const { ws } = load(['# Tasks', '', '- [ ] T001 Build login (FR-001)', '  - [ ] P001 unit test', '  - [ ] TS01 e2e test', '- [ ] T002 Decode video (FR-002)', '  - [ ] H264 decoding', ''].join('\n'));
    expect(tasks(ws).map((t) => t.split(' ')[0])).toEqual(['001-fields/T001', '001-fields/T002']);
  });

  it('a reference to another feature\'s `FR-055` is offered it beside the nearest id of its own feature', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [speckit]\n',
      'specs/009-tickets/spec.md': ['# Tickets', '', '- **FR-055**: The list MUST be operable by keyboard.', ''].join('\n'),
      'specs/010-gate/spec.md': ['# Gate', '', '- **FR-050**: The README MUST say how to run it.', ''].join('\n'),
      'specs/010-gate/tasks.md': ['# Tasks', '', '- [X] T047 [P] [US3] Cover the form by keyboard (FR-055 equivalente, US3-7)', ''].join('\n'),
    });
    const broken = loadWorkspace(root).diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message);
    expect(broken).toEqual(['010-gate/T047 implements `010-gate/FR-055` (written `FR-055`), which does not exist; did you mean `010-gate/FR-050`, or another feature\'s `009-tickets/FR-055`?']);
  });

  it('`done` on such a task says what to write, and writes nothing', () => {
    const text = ['# Tasks', '', '- [P] **T002** Define the data model (FR-001)', ''].join('\n');
    const { root, ws } = load(text);
    expect(() => writeTaskState(ws, '001-fields/T002', 'done')).toThrow(/parallel mark `\[P\]` where the task's box goes: write the box as Spec Kit does/);
    expect(readFileSync(join(root, 'specs/001-fields/tasks.md'), 'utf8')).toBe(text);
  });
});

/**
 * Forms a fifty-ninth round of held-out repositories wrote (D-539), modelled on the lines quoted:
 * - fmbetancourt/famifinances, specs/018-upgrade-node-v24/tasks.md:72: `- [!] T010 [US1] ⛔ BLOCKED — Build attempted on Docker; …`
 *   (a blocked task's box: the task went unread, and `[~]` two lines later was read).
 * - Nandakumar333/WahadiniVentures, specs/001-user-auth/tasks.md:2778-2802: `- [x] T129A[P][US2][QA] Create comprehensive tests …`,
 *   `- [✅] T129B[P][US2][QA] …`, `- [] T133A[P] …`, `- [] T135A[QA] …` (21 tasks: the id glued to the marks after it, or a tick in the box).
 * - yuitosuenaga/daiso-portal-mock (round 57), .kiro/specs/documents/tasks.md:312, inquiry-list/tasks.md:483:
 *   `- _Depends: documents-management タスク11.4, 11.8_`, `- _Depends: helpdesk-inquiry-management 39.1, 39.2_` (another feature's
 *   tasks by its folder's name: read as the citing feature's, four false LINK_BROKEN and wrong edges).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { spliceBox } from '../../../../src/core/parse/kits/box-splice.js';
import { renderCoverageText } from '../../../../src/cli/render/coverage.js';
import { testdir } from '../../../helpers/testdir.js';

const speckit = (tasks: string) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-auth/spec.md': '# Feature Specification: Auth\n', 'specs/001-auth/tasks.md': tasks }));
const tasksOf = (tasks: string) => [...speckit(tasks).nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.title, n.status]);

describe('forms of a fifty-ninth round', () => {
  it('a blocked task `[!]` is an open task; a tick in the box `[✅]` a done one; `done` sets either box', () => {
    const tasks = ['# Tasks', '', '- [!] T010 [US1] ⛔ BLOCKED — Build attempted on Docker', '- [~] T011 [US1] Retry the build', '- [✅] T012 Create logout tests', ''].join('\n');
    expect(tasksOf(tasks)).toEqual([
      ['001-auth/T010', '⛔ BLOCKED — Build attempted on Docker', 'todo'],
      ['001-auth/T011', 'Retry the build', 'in-progress'],
      ['001-auth/T012', 'Create logout tests', 'done'],
    ]);
    const done = spliceBox(tasks, 3, 'x');
    expect(done.ok && done.text.split('\n')[2]).toBe('- [x] T010 [US1] ⛔ BLOCKED — Build attempted on Docker');
    const reopened = spliceBox(tasks, 5, ' ');
    expect(reopened.ok && reopened.text.split('\n')[4]).toBe('- [ ] T012 Create logout tests');
    // A review's fingerprint reads an open `[!]` as `[ ]`: unblocking a task is no change to review.
    const ws = speckit(tasks);
    const open = speckit(tasks.replace('[!]', '[ ]'));
    expect(ws.nodes.get('001-auth/T010')!.body).toBe(open.nodes.get('001-auth/T010')!.body);
  });

  it('an id glued to the marks after it (`T129A[P][US2]`) is the task', () => {
    const tasks = ['# Tasks', '', '- [x] T129A[P][US2][QA] Create comprehensive tests - **COMPLETED**', '- [] T133A[P] Add the audit log', '- [] T135A[QA] Configure coverage thresholds', '- [ ] T200[beta] stays prose', ''].join('\n');
    expect(tasksOf(tasks)).toEqual([
      ['001-auth/T129A', '[QA] Create comprehensive tests - **COMPLETED**', 'done'],
      ['001-auth/T133A', 'Add the audit log', 'todo'],
      ['001-auth/T135A', '[QA] Configure coverage thresholds', 'todo'],
    ]);
  });

  it("a dependency on another feature's tasks names them by its folder's name, with or without the word for task", () => {
    const tasks = (lines: string[]) => ['# Implementation Plan', '', ...lines, ''].join('\n');
    const ws = loadWorkspace(
      testdir({
        'docugraph.yml': 'kits: [kiro]\n',
        '.kiro/specs/documents-management/tasks.md': tasks(['- [ ] 11. Categories', '  - [ ] 11.4 Model', '  - [ ] 11.8 API']),
        '.kiro/specs/documents/tasks.md': tasks([
          '- [ ] 12. Read categories',
          '  - _Depends: documents-management タスク11.4, 11.8_',
          '- [ ] 13. Show them',
          '  - _Depends: 12, documents-management 11.8_',
          // A numbered step's name is no feature's (no `phase-1/T13`, and no LINK_BROKEN for it): prose, as before.
          '- [ ] 14. Polish',
          '  - _Depends: phase-1 13_',
        ]),
      }),
    );
    expect(ws.nodes.get('documents/T12')!.dependsOn).toEqual(['documents-management/T11.4', 'documents-management/T11.8']);
    expect(ws.nodes.get('documents/T13')!.dependsOn).toEqual(['documents/T12', 'documents-management/T11.8']);
    expect(ws.nodes.get('documents/T14')!.dependsOn).toEqual([]);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
  });

  describe('a review of the change (each problem with a test that fails on it)', () => {
    const requirements = (...numbers: number[]) => ['# Requirements Document', ...numbers.flatMap((n) => ['', `### Requirement ${n}`, '', '#### Acceptance Criteria', '', '1. WHEN a THEN the system SHALL b', '2. WHEN c THEN the system SHALL d'])].join('\n');
    const kiro = (files: Record<string, string>) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', ...files }));
    const broken = (ws: ReturnType<typeof kiro>) => ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => [d.path, d.line, d.message]);

    it("another feature's citation of a feature with no requirements.md keeps its own finding; the feature's own are one, in its file", () => {
      const ws = kiro({
        '.kiro/specs/alpha-core/tasks.md': '# Implementation Plan\n\n- [ ] 1. Set up schema\n  - _Requirements: 1.1, 1.2_\n',
        '.kiro/specs/aaa-app/requirements.md': requirements(1),
        '.kiro/specs/aaa-app/tasks.md': '# Implementation Plan\n\n- [ ] 1. App thing\n  - _Requirements: 1.1, alpha-core/2.1_\n',
      });
      expect(broken(ws)).toEqual([
        ['.kiro/specs/aaa-app/tasks.md', 4, 'aaa-app/T1 implements `alpha-core/R2.1` (written `_Requirements: 1.1, alpha-core/2.1_`), which does not exist; `alpha-core` has no requirements.md'],
        ['.kiro/specs/alpha-core/tasks.md', 4, 'alpha-core/T1 implements `alpha-core/R1.1` (written `_Requirements: 1.1, 1.2_`), which does not exist: `alpha-core` has no requirements.md (2 ids of its requirements cited by this item: this one finding stands for them all); add `.kiro/specs/alpha-core/requirements.md`'],
      ]);
    });

    it('a bugfix feature (bugfix.md, never a requirements.md) keeps a finding a citation', () => {
      const ws = kiro({
        '.kiro/specs/fix-two/bugfix.md': '# Bugfix\n\nThe page crashes. Expected: it does not.\n',
        '.kiro/specs/fix-two/tasks.md': '# Implementation Plan\n\n- [ ] 1. Fix the crash\n  - _Requirements: 2.1_\n- [ ] 2. Test\n  - _Requirements: 2.2_\n',
      });
      expect(broken(ws).map(([, line, message]) => [line, String(message).includes('has no requirements.md')])).toEqual([[4, false], [6, false]]);
    });

    it('a checklist under a heading that only opens with the word for task is no heading of tasks', () => {
      for (const heading of ['## Task Definition of Done', '## Task completion checklist', '## Task-level acceptance', '## 任务验收标准', '## タスク完了条件']) {
        const ws = kiro({ '.kiro/specs/feat/tasks.md': ['# Implementation Plan', '', '## Implementation steps', '', '1. Set up the project structure', '2. Write the API handlers', '', heading, '', '- [ ] Code reviewed', '- [ ] Tests pass', ''].join('\n') });
        expect([heading, [...ws.nodes.values()].filter((n) => n.type === 'task').length]).toEqual([heading, 0]);
      }
    });

    it("a heading task's tail is its label paragraphs: not a fence, a comment, a rule, a table, notes; not a sub-task's metadata", () => {
      const tasks = [
        '# Implementation Plan', '', '## Task 1: Backend', '', '- [ ] 1.1 Model', '  - [ ] 1.1.1 Table', '  - _Requirements: 1.1_', '',
        'Example of the label format:', '', '```markdown', '- [ ] 9.9 Example', '  - _Requirements: 5.1, 6.2_', '```', '', '<!-- _Requirements: 7.1_ -->', '',
        '## Task 2: Frontend', '', '- [ ] 2.1 Page', '  - _Requirements: 2.1_', '', '**Validates: Requirements 2**', '**Depends on**: Task 1', '', '---', '', '**Notes:**',
        '- Each task cites requirements (e.g. _Requirements: 1.1, 2.1_).', '', '| Requirement | Covered by |', '|---|---|', '| 3.1 | _Requirements: 3.1_ |', '',
      ].join('\n');
      const ws = kiro({ '.kiro/specs/feat/requirements.md': requirements(1, 2, 3, 5, 6, 7), '.kiro/specs/feat/tasks.md': tasks });
      expect(ws.relationsOut.get('feat/T1')).toBeUndefined();
      expect(ws.relationsOut.get('feat/T1.1')).toContainEqual({ relation: 'implements', id: 'feat/R1.1' });
      // Its own label paragraph (two lines) after its sub-task: read; the notes, the rule and the table after it: not.
      expect(ws.relationsOut.get('feat/T2')).toEqual([{ relation: 'verifies', id: 'feat/R2' }]);
      expect(ws.nodes.get('feat/T2')!.dependsOn).toEqual(['feat/T1']);
      expect(ws.diagnostics.some((d) => d.code === 'COVERAGE_MISSING' && d.nodeId === 'feat/R3.1')).toBe(true);
    });

    it("coverage's note counts features not held, not a held feature's bugfix defect clauses; `[✔️]` with its emoji selector is a done box", () => {
      const ws = kiro({
        '.kiro/specs/fix-login/bugfix.md': ['# Bugfix Requirements Document', '', '## Bug Analysis', '', '### Current Behavior (Defect)', '', '1.1 WHEN the password has a space THEN the system rejects it', '', '### Expected Behavior (Correct)', '', '2.1 WHEN the password has a space THEN the system SHALL accept it', ''].join('\n'),
        '.kiro/specs/fix-login/tasks.md': '# Implementation Plan\n\n- [✔️] 1. Fix the check\n  - _Requirements: 2.1_\n',
      });
      expect(renderCoverageText(ws.coverage!)).not.toContain('not traced)');
      expect(ws.nodes.get('fix-login/T1')!.status).toBe('done');
      const done = spliceBox('- [✔️] 1. Fix the check\n', 1, ' ');
      expect(done.ok && done.text).toBe('- [ ] 1. Fix the check\n');
    });
  });
});


/**
 * A form a seventieth round of held-out repositories wrote (D-553), modelled on the lines quoted:
 * neutryx-lab/neutryx-rust at a12965b (Kiro, cc-sdd in English and Japanese), .kiro/specs/enzyme-autodiff-integration/requirements.md:24-33:
 * `### Requirement 1: Nightly Feature 有効化`, its `**Objective:** As a 開発者, …` line, then the criteria right under it with no heading,
 * `1. When \`enzyme-ad\` feature が有効化された時, the pricer_pricing shall \`#![feature(autodiff)]\` を有効化する` — EARS with `shall` in
 * small letters. No criterion was read: 30 false LINK_BROKEN (every `_Requirements: 1.1, …_`).
 * danscarf/toastmasters-ai-companion at 1f9f7f5 (Spec Kit), specs/002-smart-timer-module/tasks.md:7: `1.  **T018**: [x] Create a new
 * React context (\`app/_providers/TimerProvider.tsx\`) …`, :30 `15. **T030**: [x] Implement offline support … to fulfill \`FR-010\`.`;
 * specs/003-user-authentication/tasks.md:7: `1.  **T039**: Initialize Supabase Project and Vercel Integration (Done by user).` beside
 * `2.  **T040**: [x] Integrate Supabase SDK: …` — numbered items that open with a task's id in bold, the box after it: 30 tasks not read.
 */
import { describe, expect, it } from 'vitest';
import { buildReport, loadWorkspace } from '../../../../src/core/index.js';
import { spliceBox } from '../../../../src/core/parse/kits/box-splice.js';
import { testdir } from '../../../helpers/testdir.js';

const load = (requirements: string) =>
  loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/enzyme/requirements.md': requirements, '.kiro/specs/enzyme/tasks.md': '- [ ] 1. Enable the feature\n  - _Requirements: 1.1, 1.2_\n' }));
const items = (ws: ReturnType<typeof load>) => [...ws.nodes.values()].filter((n) => n.item !== undefined && n.type !== 'task').map((n) => `${n.id.slice('enzyme/'.length)} ${n.item!.line}`);

describe('Kiro criteria right under the requirement, EARS with `shall` in small letters', () => {
  it('`1. When …, the pricer_pricing shall …` under `### Requirement 1:` and its Objective line are its criteria', () => {
    const text = [
      '## Requirements', // 1
      '', // 2
      '### Requirement 1: Nightly Feature 有効化', // 3
      '', // 4
      '**Objective:** As a 開発者, I want `#![feature(autodiff)]` を有効化する仕組み, so that Enzyme マクロが使用可能になる', // 5
      '', // 6
      '1. When `enzyme-ad` feature が有効化された時, the pricer_pricing shall `#![feature(autodiff)]` を有効化する', // 7
      '2. When `enzyme-ad` feature が無効の時, the pricer_pricing shall stable Rust でコンパイル可能な状態を維持する', // 8
      '', // 9
    ].join('\n');
    const ws = load(text);
    expect(items(ws)).toEqual(['R1 3', 'R1.1 7', 'R1.2 8']);
    const report = buildReport(ws);
    expect([...report.errors, ...report.warnings].map((f) => f.code)).toEqual([]);
  });

  it('a list right under a requirement whose first item is no EARS clause is not its criteria, as before', () => {
    const text = ['### Requirement 1: Notes', '', '1. The team will decide later', '2. Maybe shallow copies', ''].join('\n');
    expect(items(load(text))).toEqual(['R1 1']);
  });
});

const TIMER_SPEC = ['# Spec', '', '- **FR-010**: The timer MUST work offline.', '- **FR-011**: The timer MUST log anonymized events.', ''].join('\n');

const loadTasks = (tasks: string) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/002-smart-timer-module/spec.md': TIMER_SPEC, 'specs/002-smart-timer-module/tasks.md': tasks }));
const tasksOf = (ws: ReturnType<typeof loadTasks>) => [...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => `${n.id.slice('002-smart-timer-module/'.length)} ${n.item!.line} ${n.status} ${n.title}`);

describe('numbered items that open with a task id in bold, the box after it', () => {
  it('`1.  **T018**: [x] Create …` is task T018, done; one with no box beside them is open; what they cite is read', () => {
    const tasks = [
      '# Implementation Tasks: Smart Timer Module', // 1
      '', // 2
      '## Phase 1: Foundational Timer Logic & State', // 3
      '', // 4
      '1.  **T018**: [x] Create a new React context (`app/_providers/TimerProvider.tsx`) to manage the timer\'s state.', // 5
      '2.  **T019**: Initialize the project (Done by user).', // 6
      '', // 7
      '## Phase 4: Advanced Features & Polish', // 8
      '', // 9
      '15. **T030**: [ ] Implement offline support for the `/timer` page to fulfill `FR-010`.', // 10
      '16. **T031**: [x] Create a simple, anonymized logging service as per `FR-011`.', // 11
      '', // 12
    ].join('\n');
    const ws = loadTasks(tasks);
    expect(tasksOf(ws)).toEqual([
      'T018 5 done Create a new React context (`app/_providers/TimerProvider.tsx`) to manage the timer\'s state.',
      'T019 6 todo Initialize the project (Done by user).',
      'T030 10 todo Implement offline support for the `/timer` page to fulfill `FR-010`.',
      'T031 11 done Create a simple, anonymized logging service as per `FR-011`.',
    ]);
    expect(ws.relationsOut.get('002-smart-timer-module/T030')!.map((e) => `${e.relation} ${e.id}`)).toEqual(['implements 002-smart-timer-module/FR-010']);
    // `done` sets the box after the id, and nothing else; a task with no box says so.
    expect(spliceBox(tasks, 10, 'x')).toEqual({ ok: true, text: tasks.replace('15. **T030**: [ ]', '15. **T030**: [x]'), before: ' ' });
    expect(spliceBox(tasks, 6, 'x').ok).toBe(false);
  });

  it('not in a file whose tasks are written as Spec Kit writes them (a list that names them again is no second task), nor a bullet\'s note', () => {
    const tasks = ['# Tasks', '', '- [x] T018 Create the context', '- [ ] T019 Initialize the project', '', '## Summary', '', '1. **T018**: [x] Create the context', '- **T019**: [ ] see above', ''].join('\n');
    expect(tasksOf(loadTasks(tasks))).toEqual(['T018 3 done Create the context', 'T019 4 todo Initialize the project']);
    expect(tasksOf(loadTasks(['# Notes', '', '- **T018**: [x] reviewed', '- **T019**: waiting', ''].join('\n')))).toEqual([]);
  });
});

/*
 * hummer98/sdd-orchestrator at a11c1dc (Kiro, cc-sdd in Japanese), .kiro/specs/claudemd-profile-install-merge/requirements.md:68-97:
 * `### Requirement 4: 未使用コードの削除`, `#### Acceptance Criteria`, then `##### 4.1 UIコンポーネント削除` over `1.`–`2.`,
 * `##### 4.2 IPCチャネル削除` over `1.`–`4.`, …; tasks.md:41 `_Requirements: 4.1.1, 4.1.2_`, :49 `_Requirements: 4.2.1, 4.2.2, 4.2.3, 4.2.4_`.
 * The numbers repeat, so the criteria took their places (R4.1–R4.16): 22 false LINK_BROKEN (`R4.1.1` does not exist).
 */
const GROUPED = [
  '### Requirement 3: テンプレートのプレースホルダー削除', // 1
  '', // 2
  '#### Acceptance Criteria', // 3
  '1. `{{KIRO_DIR}}`を`.kiro`に置換すること', // 4
  '', // 5
  '### Requirement 4: 未使用コードの削除', // 6
  '', // 7
  '#### Acceptance Criteria', // 8
  '', // 9
  '##### 4.1 UIコンポーネント削除', // 10
  '1. `ClaudeMdInstallDialog.tsx`を削除すること', // 11
  '2. `components/index.ts`からClaudeMdInstallDialogのexportを削除すること', // 12
  '', // 13
  '##### 4.2 IPCチャネル削除', // 14
  '1. `CHECK_CLAUDE_MD_EXISTS`チャネルを削除すること', // 15
  '2. `INSTALL_CLAUDE_MD`チャネルを削除すること', // 16
  '', // 17
  '### Requirement 5: テスト', // 18
  '', // 19
  '#### Acceptance Criteria', // 20
  '1. 削除したコードに関連するテストを更新すること', // 21
  '', // 22
].join('\n');

const loadGrouped = (requirements: string, tasks: string) =>
  loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/merge/requirements.md': requirements, '.kiro/specs/merge/tasks.md': tasks }));
const criteriaOf = (ws: ReturnType<typeof load>) => [...ws.nodes.values()].filter((n) => n.type === 'acceptance-criterion').map((n) => `${n.id.slice('merge/'.length)} ${n.item!.line}`);

describe('criteria grouped under numbered sub-headings (`##### 4.1 …`), cited with three parts', () => {
  it('carry the group\'s number (`R4.1.1`), as the tasks cite them; no finding', () => {
    const tasks = ['- [ ] 1. Remove the dialog', '  - _Requirements: 4.1.1, 4.1.2_', '- [ ] 2. Remove the channels', '  - _Requirements: 4.2.1, 4.2.2, 3.1, 5.1_', ''].join('\n');
    const ws = loadGrouped(GROUPED, tasks);
    expect(criteriaOf(ws)).toEqual(['R3.1 4', 'R4.1.1 11', 'R4.1.2 12', 'R4.2.1 15', 'R4.2.2 16', 'R5.1 21']);
    expect(ws.nodes.get('merge/R4.2.1')!.relations!.refines!.ids).toEqual(['merge/R4']);
    const report = buildReport(ws);
    expect([...report.errors, ...report.warnings].map((f) => `${f.code} ${f.message}`)).toEqual([]);
  });

  it('a task citing the whole requirement covers them, and a range across requirements takes them in', () => {
    const whole = buildReport(loadGrouped(GROUPED, ['- [ ] 1. Remove it all', '  - _Requirements: 3.1, 4, 5.1_', ''].join('\n')));
    expect([...whole.errors, ...whole.warnings].map((f) => f.code)).toEqual([]);
    // A criterion of the requirement listed before its groups (`R4.1`) is no requirement of the group `4.1`'s criteria: citing it covers them not.
    const before = loadGrouped(GROUPED.replace('#### Acceptance Criteria\n\n##### 4.1', '#### Acceptance Criteria\n1. 共通\n\n##### 4.1'), ['- [ ] 1. Remove it', '  - _Requirements: 3.1, 4.1, 5.1_', ''].join('\n'));
    expect(criteriaOf(before).slice(1, 3)).toEqual(['R4.1 9', 'R4.1.1 12']);
    expect(buildReport(before).warnings.map((f) => f.nodeId)).toEqual(['merge/R4.1.1', 'merge/R4.1.2', 'merge/R4.2.1', 'merge/R4.2.2']);
    const ranged = loadGrouped(GROUPED, ['- [ ] 1. Remove it all', '  - _Requirements: 3.1-5.1_', ''].join('\n'));
    expect(ranged.relationsOut.get('merge/T1')!.map((e) => e.id)).toEqual(['merge/R3.1', 'merge/R4.1.1', 'merge/R4.1.2', 'merge/R4.2.1', 'merge/R4.2.2', 'merge/R5.1']);
  });

  it('groups whose criteria number on (`##### 2.2 …` over `5.`) keep the requirement\'s numbers, as the team cites them (`2.5`)', () => {
    // neutryx-lab/neutryx-rust at a12965b, .kiro/specs/frictional-bank/requirements.md:42-57: `##### 2.1 マーケットデータプロバイダー` over
    // `1.`–`4.`, `##### 2.2 取引データソース` over `5.`–`7.`; tasks.md:64 `_Requirements: 2.5, 2.6, 2.7_`.
    const on = GROUPED.replace('1. `CHECK_CLAUDE', '3. `CHECK_CLAUDE').replace('2. `INSTALL_CLAUDE', '4. `INSTALL_CLAUDE');
    const ws = loadGrouped(on, ['- [ ] 1. Remove', '  - _Requirements: 3.1, 4.1, 4.2, 4.3, 4.4, 5.1_', ''].join('\n'));
    expect(criteriaOf(ws)).toEqual(['R3.1 4', 'R4.1 11', 'R4.2 12', 'R4.3 15', 'R4.4 16', 'R5.1 21']);
    const report = buildReport(ws);
    expect([...report.errors, ...report.warnings].map((f) => f.code)).toEqual([]);
  });

  it('groups of one criterion each, groups that go on with one slip, a numbered group beside a lettered one: as before (a review)', () => {
    const one = ['### Requirement 4: Four', '', '#### Acceptance Criteria', '', '##### 4.1 Login', '1. WHEN the user logs in THEN the system SHALL a', '', '##### 4.2 Logout', '1. WHEN the user logs out THEN the system SHALL c', ''].join('\n');
    const ws = loadGrouped(one, '- [ ] 1. Log in\n  - _Requirements: 4.1, 4.2_\n');
    expect(criteriaOf(ws)).toEqual(['R4.1 6', 'R4.2 9']);
    expect(buildReport(ws).errors).toEqual([]);
    const slip = GROUPED.replace('1. `CHECK_CLAUDE', '3. `CHECK_CLAUDE').replace('2. `INSTALL_CLAUDE', '4. `INSTALL_CLAUDE').replace('### Requirement 5: テスト\n\n#### Acceptance Criteria\n', '##### 4.3 テスト\n');
    expect(criteriaOf(loadGrouped(slip, '- [ ] 1. Task\n'))).toEqual(['R3.1 4', 'R4.1 11', 'R4.2 12', 'R4.3 15', 'R4.4 16', 'R4.5 19']);
    // A group that numbers anew with a gap (criterion 2 deleted) is one still (a review).
    const gap = GROUPED.replace('2. `INSTALL_CLAUDE', '3. `INSTALL_CLAUDE');
    expect(criteriaOf(loadGrouped(gap, '- [ ] 1. Task\n'))).toEqual(['R3.1 4', 'R4.1.1 11', 'R4.1.2 12', 'R4.2.1 15', 'R4.2.3 16', 'R5.1 21']);
    const lettered = GROUPED.replace('##### 4.2 IPCチャネル削除', '##### 4A: IPCチャネル削除');
    expect(criteriaOf(loadGrouped(lettered, '- [ ] 1. Task\n'))).toEqual(['R3.1 4', 'R4.1 11', 'R4.2 12', 'R4A.1 15', 'R4A.2 16', 'R5.1 21']);
  });

  it('not a group: headings out of order (`4.2` first), a deeper number (`4.1.2`), a letter after it (`4.1a`), another requirement\'s number', () => {
    for (const first of ['##### 4.2 UI', '##### 4.1.2 UI', '##### 4.1a UI', '##### 3.1 UI']) {
      const text = GROUPED.replace('##### 4.1 UI', first).replace('##### 4.2 IPC', '##### 4.3 IPC');
      expect(criteriaOf(loadGrouped(text, '- [ ] 1. Task\n'))).toEqual(['R3.1 4', 'R4.1 11', 'R4.2 12', 'R4.3 15', 'R4.4 16', 'R5.1 21']);
    }
  });
});

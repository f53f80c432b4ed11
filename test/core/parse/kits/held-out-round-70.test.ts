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

/**
 * KITS revision 2 (§7): the forms people write, each on a small file whose items, lines and
 * references are written out by hand below (the shapes come from public repositories; the
 * fixtures in test/fixtures/kits name them).
 */
import { describe, expect, it } from 'vitest';
import { readKitFile } from '../../../../src/core/parse/kits/read-kit.js';
import { numberList } from '../../../../src/core/parse/kits/kit-read.js';
import { kitPlaceOf, type KitPlace } from '../../../../src/core/read/kit-paths.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadWorkspace, writeTaskState } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const place = (path: string): KitPlace => kitPlaceOf(path, ['kiro', 'speckit', 'openspec'])!;
/** Each item as `id type "title" line-end [box]`, and its references as `relation id @line (written)`. */
const read = (path: string, text: string) => {
  const { read: found } = readKitFile(text, 1, place(path));
  return {
    items: found.items.map((i) => `${i.id} ${i.type} "${i.title}" ${i.line}-${i.end}${i.box === null ? '' : ` [${i.box}]`}`),
    refs: found.items.flatMap((i) => i.refs.filter((r) => r.relation !== 'refines').map((r) => `${i.id} ${r.relation} ${r.id} @${r.line} (${r.written})`)),
    parents: found.items.flatMap((i) => i.refs.filter((r) => r.relation === 'refines').map((r) => `${i.id} < ${r.id}`)),
  };
};

describe('Kiro tasks as people number them', () => {
  it('a letter in a number (10a., 10a.1), any depth, an optional mark escaped by a formatter', () => {
    const text = [
      '- [x] 10. Ten', // 1
      '- [ ] 10a. Inserted later', // 2
      '  - [ ] 10a.1 Its first part', // 3
      '- [ ]\\* 11. Optional, escaped', // 4
      '  - [ ]\\* 11.1 Also optional', // 5
      '  - [ ] 11.1.1 Three deep', // 6
      '- [ ]* 12. Optional', // 7
    ].join('\n');
    expect(read('.kiro/specs/x/tasks.md', text)).toEqual({
      items: [
        'x/T10 task "Ten" 1-1 [x]',
        'x/T10a task "Inserted later" 2-2 [ ]',
        'x/T10a.1 task "Its first part" 3-3 [ ]',
        'x/T11 task "Optional, escaped" 4-4 [ ]',
        'x/T11.1 task "Also optional" 5-5 [ ]',
        'x/T11.1.1 task "Three deep" 6-6 [ ]',
        'x/T12 task "Optional" 7-7 [ ]',
      ],
      refs: [],
      parents: ['x/T10a.1 < x/T10a', 'x/T11.1 < x/T11', 'x/T11.1.1 < x/T11'],
    });
  });
});

describe('Kiro references as people mean them', () => {
  it.each([
    ['plain numbers, a bare requirement, R-prefixed', '1.1, 2.3, 4, R5.2', ['1.1', '2.3', '4', '5.2']],
    ['a range, and one across requirements (its two ends and the span between, which the model reads)', '1.1–1.3, 2.4-3.1', ['1.1', '1.2', '1.3', '2.4', '3.1', '2.4\u20263.1']],
    ['a number glued to letters or a dash is none', 'US-011, R-3, v2.1, 1.2', ['1.2']],
    ['a number after a word of prose is none', 'Property 13, Task 0, 2.1', ['2.1']],
    ['prose in parentheses is none', '1.1 (descope record), 1.2 (Property 13)', ['1.1', '1.2']],
    ['parentheses that hold only numbers are a list', 'Core validation (1.2, 2.1-2.3, 21.1)', ['1.2', '2.1', '2.2', '2.3', '21.1']],
    ['criteria listed after their requirement', '3 (ACs 1–3, 8), 4 (criteria 1-2)', ['3.1', '3.2', '3.3', '3.8', '4.1', '4.2']],
    ['slash lists', '15.1/15.3, 16.2 / 16.4', ['15.1', '15.3', '16.2', '16.4']],
    ['labels and prose', 'Requirements 1.2 and 1.3; All frontend requirements', ['1.2', '1.3']],
  ])('requirements: %s', (_name, list, numbers) => {
    expect(numberList(list).numbers).toEqual(numbers);
  });

  it('task lists take a letter, and none of `None`, `-`, `n/a`', () => {
    expect(numberList('4.1, 10a, T2.2, task 3', Infinity, 'task').numbers).toEqual(['4.1', '10a', '2.2', '3']);
    for (const none of ['None', '-', 'n/a', 'none yet']) expect(numberList(none, Infinity, 'task').numbers, none).toEqual([]);
  });

  it('a reference quotes its source as written: the label and its value, on the line it is on', () => {
    const text = [
      '- [ ] 1. One', // 1
      '  - _Requirements: 16.2–16.3, US-011_', // 2
      '  - **Validates: Requirements 1.2 (Property 13)**', // 3
      '  - _Depends: 10a_', // 4
      '  - _Requirements: 2.1,', // 5
      '    2.2_', // 6
    ].join('\n');
    expect(read('.kiro/specs/x/tasks.md', text).refs).toEqual([
      'x/T1 implements x/R16.2 @2 (_Requirements: 16.2–16.3, US-011_)',
      'x/T1 implements x/R16.3 @2 (_Requirements: 16.2–16.3, US-011_)',
      // A story: the feature's, else one the features share (the model resolves it).
      'x/T1 implements x/US11 @2 (_Requirements: 16.2–16.3, US-011_)',
      'x/T1 implements x/R2.1 @5 (_Requirements: 2.1,)',
      'x/T1 implements x/R2.2 @6 (2.2_)',
      'x/T1 depends_on x/T10a @4 (_Depends: 10a_)',
      'x/T1 verifies x/R1.2 @3 (**Validates: Requirements 1.2 (Property 13)**)',
    ]);
  });
});

describe('Spec Kit as people write it', () => {
  it('stories in any language, by their shape; FR-011-002 and NFR ids', () => {
    const text = [
      '### ユーザーストーリー 1 - 登録 (優先度: P1)', // 1
      '### 使用者故事 2 - 登入 (優先級：P1)', // 2
      '### Historia de usuario 3 — Salir （Prioridad： P2）', // 3
      '### User Story 4 - Export', // 4
      '### Primary User Story', // 5
      '- **FR-011-002**: System MUST keep both', // 6
      '- **NFR-003**: Fast', // 7
      '- **NFR-011-001**: Faster', // 8
      '- **FR-012-001**：全角のコロン', // 9
    ].join('\n');
    expect(read('specs/001-a/spec.md', text).items).toEqual([
      '001-a/US1 user-story "登録" 1-1',
      '001-a/US2 user-story "登入" 2-2',
      '001-a/US3 user-story "Salir" 3-3',
      // A heading's lines stop at the next heading of its level: `Primary User Story` is no story.
      '001-a/US4 user-story "Export" 4-4',
      '001-a/FR-011-002 functional-requirement "System MUST keep both" 6-6',
      '001-a/NFR-003 non-functional-requirement "Fast" 7-7',
      '001-a/NFR-011-001 non-functional-requirement "Faster" 8-8',
      '001-a/FR-012-001 functional-requirement "全角のコロン" 9-9',
    ]);
  });

  it('tasks: the longest id written, stories written US-011, dependency lines, and ids named by a section heading', () => {
    const text = [
      '## Phase 3 — Audit (FR-024, FR-025)', // 1
      '- [ ] T010 Log FR-011-002, not FR-011', // 2
      '  - **Dependencies**: T009, T008', // 3
      '### Tests', // 4
      '- [ ] T011 For US-011 and US2', // 5
      '  - Depends on: T010', // 6
      '## Phase 4 — Polish', // 7
      '- [ ] T012 Done, after T011', // 8
      '  - **Dependencies**: None', // 9
    ].join('\n');
    expect(read('specs/001-a/tasks.md', text).refs).toEqual([
      '001-a/T010 implements 001-a/FR-011-002 @2 (FR-011-002)',
      '001-a/T010 implements 001-a/FR-011 @2 (FR-011)',
      '001-a/T010 depends_on 001-a/T009 @3 (**Dependencies**: T009, T008)',
      '001-a/T010 depends_on 001-a/T008 @3 (**Dependencies**: T009, T008)',
      '001-a/T010 implements 001-a/FR-024 @1 (## Phase 3 — Audit (FR-024, FR-025))',
      '001-a/T010 implements 001-a/FR-025 @1 (## Phase 3 — Audit (FR-024, FR-025))',
      '001-a/T011 implements 001-a/US11 @5 (US-011)',
      '001-a/T011 implements 001-a/US2 @5 (US2)',
      '001-a/T011 depends_on 001-a/T010 @6 (Depends on: T010)',
      '001-a/T011 implements 001-a/FR-024 @1 (## Phase 3 — Audit (FR-024, FR-025))',
      '001-a/T011 implements 001-a/FR-025 @1 (## Phase 3 — Audit (FR-024, FR-025))',
      '001-a/T012 depends_on 001-a/T011 @8 (after T011)',
    ]);
  });
});

describe('OpenSpec tasks as people write them', () => {
  it('unnumbered checkboxes numbered by their place in their numbered section, else the file, refining the task they are in; task headings; dependency lines', () => {
    const text = [
      '# Tasks', // 1
      '- [x] Loose one', // 2
      '## 1. Backend', // 3
      '- [x] Add the table', // 4
      '- [ ] Add the endpoint', // 5
      '  - [ ] A step of it', // 6
      '  - **Dependencies**: 1.1', // 7
      '## 2. Frontend', // 8
      '### Task 2.1: Build the form ✅', // 9
      'Some words.', // 10
      '- [ ] Validate the input', // 11
      '### Task 2.2: Wire it', // 12
      '**Dependencies**: 2.1, 1.2', // 13
      '## Notes', // 14
      '- [ ] Loose two', // 15
      '- [x]（全角の括弧）', // 16
    ].join('\n');
    expect(read('openspec/changes/add-x/tasks.md', text)).toEqual({
      items: [
        'change/add-x/T#1 task "Loose one" 2-2 [x]',
        'change/add-x/T1.1 task "Add the table" 4-4 [x]',
        'change/add-x/T1.2 task "Add the endpoint" 5-5 [ ]',
        // Nested in a task: by its place in its section (KITS §7), refining the task.
        'change/add-x/T1.3 task "A step of it" 6-6 [ ]',
        'change/add-x/T2.1 task "Build the form" 9-10 [x]',
        // Under a task heading: by its place in section 2, skipping 2.1 and 2.2, which task headings write.
        'change/add-x/T2.3 task "Validate the input" 11-11 [ ]',
        'change/add-x/T2.2 task "Wire it" 12-13 [ ]',
        'change/add-x/T#2 task "Loose two" 15-15 [ ]',
        // A box right before a full-width character (the openspec CLI counts it).
        'change/add-x/T#3 task "（全角の括弧）" 16-16 [x]',
      ],
      refs: [
        // Line 7 is the parent's, written after its sub-task (KITS §7).
        'change/add-x/T1.2 depends_on change/add-x/T1.1 @7 (**Dependencies**: 1.1)',
        'change/add-x/T2.2 depends_on change/add-x/T2.1 @13 (**Dependencies**: 2.1, 1.2)',
        'change/add-x/T2.2 depends_on change/add-x/T1.2 @13 (**Dependencies**: 2.1, 1.2)',
      ],
      parents: ['change/add-x/T1.3 < change/add-x/T1.2', 'change/add-x/T2.3 < change/add-x/T2.1'],
    });
  });

  it('an HTML comment after a task, which GitHub does not show, is not in its title (its text keeps it); nor in a Kiro task or criterion', () => {
    // The shape of glorianbeda/SATU-DATA at cf5fe31 (openspec/changes/refine-inventory-ui/tasks.md
    // lines 3-5): each box ends with the team's `<!-- id: … -->`.
    const text = [
      '## Asset UI Polish', // 1
      "- [x] Remove the duplicate search field (keep only the table's) <!-- id: remove-dup-search -->", // 2
      '- [ ] Improve the empty <!-- not shown --> state<!---->', // 3
      '- [ ] Keep <!-- an unclosed comment stays as written', // 4
    ].join('\n');
    const found = read('openspec/changes/refine-ui/tasks.md', text);
    expect(found.items).toEqual([
      'change/refine-ui/T#1 task "Remove the duplicate search field (keep only the table\'s)" 2-2 [x]',
      'change/refine-ui/T#2 task "Improve the empty state" 3-3 [ ]',
      'change/refine-ui/T#3 task "Keep <!-- an unclosed comment stays as written" 4-4 [ ]',
    ]);
    const { read: own } = readKitFile(text, 1, place('openspec/changes/refine-ui/tasks.md'));
    expect(own.items[0]!.text).toContain('<!-- id: remove-dup-search -->');
    const kiro = read('.kiro/specs/k/tasks.md', '- [ ] 1. Build it <!-- owner: ana -->\n  - _Requirements: 1.1_');
    expect(kiro.items).toEqual(['k/T1 task "Build it" 1-2 [ ]']);
    const criteria = readKitFile(['### Requirement 1: Save', '#### Acceptance Criteria', '1. WHEN saved THEN the system SHALL <!-- TODO: wording --> keep it'].join('\n'), 1, place('.kiro/specs/k/requirements.md'));
    expect(criteria.read.items.map((i) => i.title)).toEqual(['Save', 'WHEN saved THEN the system SHALL keep it']);
    // In a code span or escaped, `<!--` is text, as GitHub shows it; a full-width space stays.
    const shown = read('openspec/changes/refine-ui/tasks.md', ['- [ ] Remove `<!-- TODO -->` markers', '- [ ] Strip `<!--` and `-->` from output <!-- x -->', '- [ ] Escape \\<!-- not a comment --> text', '- [ ] 設定　ファイル <!-- c -->'].join('\n'));
    expect(shown.items).toEqual([
      'change/refine-ui/T#1 task "Remove `<!-- TODO -->` markers" 1-1 [ ]',
      'change/refine-ui/T#2 task "Strip `<!--` and `-->` from output" 2-2 [ ]',
      'change/refine-ui/T#3 task "Escape \\<!-- not a comment --> text" 3-3 [ ]',
      'change/refine-ui/T#4 task "設定　ファイル" 4-4 [ ]',
    ]);
  });
});

describe('a second round of public repositories (mixseek/mixseek-core at 7b7e0f5, 54corbin/job-hunter at 64a5ce5)', () => {
  it('Spec Kit: a range written with a full-width or wave tilde (`SC-001～SC-007`, `FR-001〜FR-003`, `T001~T003`)', () => {
    // specs/012-round-controller/tasks.md line 151.
    const text = ['- [X] T038 パフォーマンス最適化を実施する（SC-001～SC-004の達成確認）', '- [ ] T039 準拠（FR-001〜FR-003）', '- [ ] T040 Wait. Depends on: T001~T003.', '- [ ] T041 Quick. Depends on: T004 ~5 min (FR-005 ~ 7 days)'].join('\n');
    expect(read('specs/012-round/tasks.md', text).refs).toEqual([
      ...['SC-001', 'SC-002', 'SC-003', 'SC-004'].map((id) => `012-round/T038 implements 012-round/${id} @1 (SC-001～SC-004)`),
      ...['FR-001', 'FR-002', 'FR-003'].map((id) => `012-round/T039 implements 012-round/${id} @2 (FR-001〜FR-003)`),
      ...['T001', 'T002', 'T003'].map((id) => `012-round/T040 depends_on 012-round/${id} @3 (Depends on: T001~T003)`),
      // A tilde without the end's prefix is "about": no range.
      '012-round/T041 implements 012-round/FR-005 @4 (FR-005)',
      '012-round/T041 depends_on 012-round/T004 @4 (Depends on: T004 ~5 min)',
    ]);
  });

  it('Spec Kit: a story inserted later (`### User Story 3.5 - …`, `[US3.5]`) is a story of its own, not a second US3', () => {
    // specs/013-configuration/spec.md line 109 and tasks.md line 404.
    const spec = ['### User Story 3 - 設定ファイル (Priority: P1)', '', '### User Story 3.5 - CLIで設定値を参照 (Priority: P2)', '', '### ユーザーストーリー 3.10 - 後で (優先度: P3)'].join('\n');
    expect(read('specs/013-config/spec.md', spec).items).toEqual(['013-config/US3 user-story "設定ファイル" 1-1', '013-config/US3.5 user-story "CLIで設定値を参照" 3-3', '013-config/US3.10 user-story "後で" 5-5']);
    expect(read('specs/013-config/tasks.md', '- [x] T056 [P] [US3.5] Test for `mixseek config show`').items).toEqual(['013-config/T056 task "Test for `mixseek config show`" 1-1 [x]']);
    expect(read('specs/013-config/tasks.md', '- [x] T056 [P] [US3.5] Test for `mixseek config show`').refs).toEqual(['013-config/T056 implements 013-config/US3.5 @1 ([US3.5])']);
    // In a task's words the reader gives `US1.2` as written; where the feature has no story 1.2, the model reads US1 (its scenario 2).
    expect(read('specs/013-config/tasks.md', '- [ ] T057 Test acceptance scenario US1.2 and US2.').refs).toEqual(['013-config/T057 implements 013-config/US1.2 @1 (US1.2)', '013-config/T057 implements 013-config/US2 @1 (US2)']);
    const root = testdir({
      'docugraph.yml': 'kits: [speckit]\n',
      'specs/013-config/spec.md': '### User Story 1 - 設定 (Priority: P1)\n\n### User Story 2 - 参照 (Priority: P2)\n',
      'specs/013-config/tasks.md': '- [ ] T057 Test acceptance scenario US1.2 and US2.\n- [ ] T058 [US1.2] A mark names story 1.2 alone\n',
    });
    const ws = loadWorkspace(root);
    expect(ws.relationsOut.get('013-config/T057')!.map((e) => e.id)).toEqual(['013-config/US1', '013-config/US2']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.nodeId)).toEqual(['013-config/T058']);
  });

  it('Spec Kit: stories numbered `1.1`, `1.2` (eliascoelho911/Listify), named in a phase heading\'s words, are those stories', () => {
    // eliascoelho911/Listify at 8fcdc89, specs/004-listify-core/spec.md line 76 and tasks.md lines 117-127 (shortened).
    const root = testdir({
      'docugraph.yml': 'kits: [speckit]\n',
      'specs/004-core/spec.md': '### User Story 1.1 - Navegação Principal via BottomBar (Priority: P0)\n\n### User Story 1.2 - Navbar (Priority: P0)\n',
      'specs/004-core/tasks.md': ['## Fase 3: US1.1 - Navegação Principal via BottomBar (Priority: P0) 🎯 MVP', '', '- [X] T067 [P] Criar átomo NavigationTab', '- [X] T068 [P] [US1.2] Criar a Navbar', ''].join('\n'),
    });
    const ws = loadWorkspace(root);
    expect(ws.relationsOut.get('004-core/T067')!.map((e) => e.id)).toEqual(['004-core/US1.1']);
    expect(ws.relationsOut.get('004-core/T068')!.map((e) => e.id)).toEqual(['004-core/US1.1', '004-core/US1.2']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
  });

  it('Spec Kit: stories a section heading names by id (`### Data Layer (US1 + US2)`) hold for its tasks, as its requirements do', () => {
    // henriquelopeslima/l1face at 552bba6, specs/004-atas-api-integration/tasks.md lines 43-55.
    const text = [
      '## Fase 3: Histórias de Usuário 1 e 2 — Visualizar Atas (Prioridade: P1)', // 1
      '### Implementação — Data Layer (US1 + US2)', // 2
      '- [x] T010 [US1] Criar o repositório', // 3
      '### Outra seção', // 4
      '- [ ] T011 [US3] Tratar erros', // 5
    ].join('\n');
    expect(read('specs/004-atas/tasks.md', text).refs).toEqual([
      '004-atas/T010 implements 004-atas/US1 @3 ([US1])',
      // Named twice (the node keeps the first: its own mark).
      '004-atas/T010 implements 004-atas/US1 @2 (### Implementação — Data Layer (US1 + US2))',
      '004-atas/T010 implements 004-atas/US2 @2 (### Implementação — Data Layer (US1 + US2))',
      '004-atas/T011 implements 004-atas/US3 @5 ([US3])',
    ]);
  });

  it('Spec Kit: tasks written as headings (`### T001: タイトル`), their sections theirs; done with ✅', () => {
    // specs/007-orchestration/tasks.md lines 25-60.
    const text = [
      '## Phase 1: Setup & Infrastructure', // 1
      '', // 2
      '### T001: プロジェクト構造セットアップ', // 3
      '**Description**: orchestratorディレクトリを作成 (FR-001)', // 4
      '**Dependencies**: なし', // 5
      '', // 6
      '### T002 - テストディレクトリ ✅', // 7
      '**Dependencies**: T001', // 8
      '', // 9
      '### Tasks overview', // 10
      '### T003-T005: 並列タスク', // 11: a heading of a range of tasks, not a task
      '### T006, T007 Wiring', // 12
      '### T008 - T009: Spaced', // 13
      '### T010 – T011 Tests', // 14
      '### T012 / T013 docs', // 15
    ].join('\n');
    expect(read('specs/007-orch/tasks.md', text)).toEqual({
      items: ['007-orch/T001 task "プロジェクト構造セットアップ" 3-5 [ ]', '007-orch/T002 task "テストディレクトリ" 7-8 [x]'],
      refs: ['007-orch/T001 implements 007-orch/FR-001 @4 (FR-001)', '007-orch/T002 depends_on 007-orch/T001 @8 (**Dependencies**: T001)'],
      parents: [],
    });
  });

  it('Kiro: tasks written as headings (`### Task 1.1: Title`), their boxes their steps: done when all are, in progress when some are', () => {
    // dadbodgeoff/1v1bro at 5bb6b9a, .kiro/specs/arena-combat-bot/tasks.md lines 1-20, and launch-scaling's `## Task 1: … ✅ COMPLETE`.
    const text = [
      '## Task 1: Core Infrastructure ✅ COMPLETE', // 1
      '### Task 1.1: Types and Interfaces', // 2
      '- [x] Create `types.ts`', // 3
      '- [x] Define BotState', // 4
      '_Requirements: 1.1_', // 5
      '### Task 1.2: Aggression Curve', // 6
      '- [x] Create `AggressionCurve.ts`', // 7
      '- [ ] Unit tests', // 8
      '### Task 1.3: Mercy System', // 9
      '- [ ] Create `MercySystem.ts`', // 10
      '## Phase 2', // 11
      '- [ ] 2. A numbered task as Kiro writes it', // 12
      '### Acceptance Checklist', // 13
      '- [ ] 4 barriers render correctly', // 14: a count, not task 4
    ].join('\n');
    expect(read('.kiro/specs/bot/tasks.md', text)).toEqual({
      items: [
        'bot/T1 task "Core Infrastructure COMPLETE" 1-1 [x]',
        'bot/T1.1 task "Types and Interfaces" 2-5 [x]',
        'bot/T1.2 task "Aggression Curve" 6-8 [-]',
        'bot/T1.3 task "Mercy System" 9-10 [ ]',
        'bot/T2 task "A numbered task as Kiro writes it" 12-12 [ ]',
      ],
      refs: ['bot/T1.1 implements bot/R1.1 @5 (_Requirements: 1.1_)'],
      parents: ['bot/T1.1 < bot/T1', 'bot/T1.2 < bot/T1', 'bot/T1.3 < bot/T1'],
    });
  });

  it('OpenSpec: a box labelled `**Task 1.1: Title** ✅ COMPLETED` is task 1.1, its title without the bold', () => {
    // openspec/changes/answer-generation-redesign/tasks.md line 89.
    const text = ['## 1. Content Script', '- [x] **Task 1.1: Update Content Script Icon Behavior** ✅ COMPLETED', '- [ ] Task 1.2: Wire the button', '- [ ] An unnumbered step', '- [ ] **Task 1.4**: Create the model', '- [ ] **Task 1.5** - Wire it', '- [ ] task 3 times retry logic'].join('\n');
    expect(read('openspec/changes/answer/tasks.md', text).items).toEqual([
      'change/answer/T1.1 task "Update Content Script Icon Behavior ✅ COMPLETED" 2-2 [x]',
      'change/answer/T1.2 task "Wire the button" 3-3 [ ]',
      // The place after the numbers written: 1.3.
      'change/answer/T1.3 task "An unnumbered step" 4-4 [ ]',
      'change/answer/T1.4 task "Create the model" 5-5 [ ]',
      'change/answer/T1.5 task "Wire it" 6-6 [ ]',
      // No label: a sentence (by its place, after the numbers written).
      'change/answer/T1.6 task "task 3 times retry logic" 7-7 [ ]',
    ]);
  });

  it('Spec Kit: `FR-029-030` that no item is names FR-029 and FR-030 when both are items; `FR-011-002` that is one stays itself', () => {
    // specs/008-leader/tasks.md line 195.
    const root = testdir({
      'docugraph.yml': 'kits: [speckit]\n',
      'specs/008-leader/spec.md': ['# Spec', '', '- **FR-029**: TOML', '- **FR-030**: Env', '- **FR-011**: Base', '- **FR-011-002**: A part of it', ''].join('\n'),
      'specs/008-leader/tasks.md': ['- [ ] T021 system_prompt設定（TOML読み込み、FR-029-030）', '- [ ] T022 The part (FR-011-002)', '- [ ] T023 Not a range (FR-030-029, FR-029-031)', '- [ ] T024 A stale part (FR-011-003) of a story inserted later [US3.5]', ''].join('\n'),
    });
    const ws = loadWorkspace(root);
    expect(ws.relationsOut.get('008-leader/T021')).toEqual([
      { relation: 'implements', id: '008-leader/FR-029' },
      { relation: 'implements', id: '008-leader/FR-030' },
    ]);
    expect(ws.relationsOut.get('008-leader/T022')).toEqual([{ relation: 'implements', id: '008-leader/FR-011-002' }]);
    // Backwards, an end that is no item, or a part of a requirement that has parts: broken, as
    // written. A story of a feature whose spec numbers none: nothing to resolve it by.
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => /implements `([^`]+)`/.exec(d.message)?.[1])).toEqual(['008-leader/FR-029-031', '008-leader/FR-030-029', '008-leader/FR-011-003']);
  });
});

describe('a kit file that is not valid UTF-8', () => {
  it('is read with each bad byte as U+FFFD and one FILE_ENCODING warning at its first bad line; another file is still FILE_UNREADABLE', () => {
    // "café" in Latin-1 on line 3 of the tasks, and in a page that is no kit file.
    const latin1 = (text: string) => Buffer.from(text, 'latin1');
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\n',
      '.kiro/specs/x/tasks.md': latin1('# Tasks\n\n- [ ] 1. Order a caf\u00e9\n- [ ] 2. Pay\r\n'),
      'notes.md': latin1('# Caf\u00e9\n'),
    });
    const ws = loadWorkspace(root);
    expect(ws.nodes.get('x/T1')?.title).toBe('Order a caf\ufffd');
    expect(ws.nodes.get('x/T2')?.title).toBe('Pay');
    expect(ws.diagnostics.map((d) => `${d.code} ${d.path}:${d.line}`)).toEqual(['FILE_ENCODING .kiro/specs/x/tasks.md:3', 'FILE_UNREADABLE notes.md:null']);
    expect(ws.diagnostics[0]!.message).toBe('`.kiro/specs/x/tasks.md` is not valid UTF-8 (from line 3): it is read with each bad byte as U+FFFD; save it as UTF-8');
  });
});

describe('a reference that names nothing', () => {
  it('quotes its source as written, and "did you mean" proposes an id of the kind referenced, never a task for a requirement', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\n',
      '.kiro/specs/x/requirements.md': '### Requirement 1\n#### Acceptance Criteria\n1. A\n',
      '.kiro/specs/x/tasks.md': '- [ ] 3. Three\n  - [ ] 3.2 Three two\n- [ ] 4. Four\n  - _Requirements: 3.2 (the second)_\n',
    });
    const broken = loadWorkspace(root).diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message);
    // `x/T3.2` is one edit from `x/R3.2`; the only criterion, `x/R1.1`, two.
    expect(broken).toEqual(['x/T4 implements `x/R3.2` (written `_Requirements: 3.2 (the second)_`), which does not exist; did you mean `x/R1.1`?']);
  });
});

describe('Kiro criteria as people write them', () => {
  it('grouped under ##### headings, numbers that run on across groups: each keeps its written number', () => {
    const text = [
      '### Requirement 7 (FR-SEC)', // 1
      '**User Story:** As an engineer, I want secrets kept', // 2
      '#### Acceptance Criteria', // 3
      '##### Secret Redaction (FR-SEC-1)', // 4
      '1. WHEN a THEN b', // 5
      '2. WHEN c THEN d', // 6
      '##### Atomic Writes (FR-SEC-2)', // 7
      '3. WHEN e THEN f', // 8
      '### Requirement 8', // 9
    ].join('\n');
    expect(read('.kiro/specs/x/requirements.md', text).items).toEqual([
      // A team's tag alone is no name: the user story is the title.
      'x/R7 requirement "As an engineer, I want secrets kept" 1-4',
      'x/R7.1 acceptance-criterion "WHEN a THEN b" 5-5',
      'x/R7.2 acceptance-criterion "WHEN c THEN d" 6-6',
      'x/R7.3 acceptance-criterion "WHEN e THEN f" 8-8',
      'x/R8 requirement "Requirement 8" 9-9',
    ]);
  });

  it('groups that start again at 1: every criterion takes its place', () => {
    const text = ['### Requirement 4', '#### Acceptance Criteria', '##### A', '1. a', '2. b', '##### B', '1. c', '2. d'].join('\n');
    expect(read('.kiro/specs/x/requirements.md', text).items.slice(1)).toEqual([
      'x/R4.1 acceptance-criterion "a" 4-4',
      'x/R4.2 acceptance-criterion "b" 5-5',
      'x/R4.3 acceptance-criterion "c" 7-7',
      'x/R4.4 acceptance-criterion "d" 8-8',
    ]);
  });

  it('criteria that write their requirement\'s number in: `1.1. THE …` lines (one paragraph to Markdown), `- R2.1: …` bullets; a number written twice is the same id', () => {
    const text = [
      '### Requirement 1: Generators', // 1
      '#### Acceptance Criteria', // 2
      '', // 3
      '1.1. THE framework SHALL provide generators', // 4
      '1.2. THE framework SHALL provide helpers', // 5
      '     for assertions', // 6
      '1.2. THE framework SHALL say it twice', // 7
      '', // 8
      '### R2: Bullets', // 9
      '- R2.1: the first', // 10
      '- R2.2: the second', // 11
      '- a plain bullet', // 12
    ].join('\n');
    expect(read('.kiro/specs/x/requirements.md', text).items).toEqual([
      'x/R1 requirement "Generators" 1-2',
      'x/R1.1 acceptance-criterion "THE framework SHALL provide generators" 4-4',
      'x/R1.2 acceptance-criterion "THE framework SHALL provide helpers" 5-6',
      'x/R1.2 acceptance-criterion "THE framework SHALL say it twice" 7-7',
      'x/R2 requirement "Bullets" 9-9',
      'x/R2.1 acceptance-criterion "the first" 10-10',
      'x/R2.2 acceptance-criterion "the second" 11-11',
    ]);
  });
});

describe('Spec Kit tasks as people write them', () => {
  it('an open box written `[]`, bold unpadded ids, ranges and slash lists of ids, loose dependency labels', () => {
    const text = [
      '- [] T001a Apply the migration', // 1
      '- [x] **T1**: Add a test', // 2
      '- [ ] T026 [US3] Depends on: T022–T025. (QA is human.)', // 3
      '- [ ] T018 [P] Migrate strings. Depends on: `008` Phase 1, T012.', // 4
      '- [ ] T002 Parameterize it. Depends on: none (parallel with T001).', // 5
      '- [ ] T030 Cover FR-001–FR-003 and SC-001/004', // 6
      '- [x] T012-01 A feature\'s sequence', // 7
    ].join('\n');
    const found = read('specs/001-a/tasks.md', text);
    expect(found.items).toEqual([
      '001-a/T001a task "Apply the migration" 1-1 [ ]',
      '001-a/T1 task "Add a test" 2-2 [x]',
      '001-a/T026 task "Depends on: T022–T025. (QA is human.)" 3-3 [ ]',
      '001-a/T018 task "Migrate strings. Depends on: `008` Phase 1, T012." 4-4 [ ]',
      '001-a/T002 task "Parameterize it. Depends on: none (parallel with T001)." 5-5 [ ]',
      '001-a/T030 task "Cover FR-001–FR-003 and SC-001/004" 6-6 [ ]',
      "001-a/T012-01 task \"A feature's sequence\" 7-7 [x]",
    ]);
    expect(found.refs).toEqual([
      '001-a/T026 implements 001-a/US3 @3 ([US3])',
      ...['T022', 'T023', 'T024', 'T025'].map((t) => `001-a/T026 depends_on 001-a/${t} @3 (Depends on: T022–T025)`),
      '001-a/T018 depends_on 001-a/T012 @4 (Depends on: `008` Phase 1, T012)',
      ...['FR-001', 'FR-002', 'FR-003'].map((id) => `001-a/T030 implements 001-a/${id} @6 (FR-001–FR-003)`),
      ...['SC-001', 'SC-004'].map((id) => `001-a/T030 implements 001-a/${id} @6 (SC-001/004)`),
    ]);
  });

  it('`done` checks an open box written `[]`: one byte more, nothing else moves', () => {
    const root = testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-a/tasks.md': '- [] T001 One\n- [ ] T002 Two\n' });
    writeTaskState(loadWorkspace(root), '001-a/T001', 'done');
    expect(readFileSync(join(root, 'specs/001-a/tasks.md'), 'utf8')).toBe('- [x] T001 One\n- [ ] T002 Two\n');
  });
});

describe('stories the features share', () => {
  it('`US-011` in a Kiro task names the story of `.kiro/specs/user-stories.md`; one no file has is LINK_BROKEN, with a story to try', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\n',
      '.kiro/specs/user-stories.md': '# User stories\n\n### US-011: Climate zone\n\n- [ ] Shows the zone\n\n### US-012 Soil\n',
      '.kiro/specs/README.md': '# Specs\n\n### US-013: not a story file\n',
      '.kiro/specs/soil/requirements.md': '### Requirement 1\n#### Acceptance Criteria\n1. A\n',
      '.kiro/specs/soil/tasks.md': '- [ ] 1. Zones\n  - _Requirements: 1.1, US-011.3 - climate zone and soil type_\n- [ ] 2. Other\n  - _Requirements: US-019 acceptance criteria 1-7_\n',
    });
    const ws = loadWorkspace(root);
    expect(ws.nodes.get('user-stories/US-011')?.title).toBe('Climate zone');
    expect(ws.nodes.get('user-stories/US-012')?.title).toBe('Soil');
    expect(ws.nodes.has('README/US-013')).toBe(false);
    expect(ws.relationsOut.get('soil/T1')).toEqual([{ relation: 'implements', id: 'soil/R1.1' }, { relation: 'implements', id: 'user-stories/US-011' }]);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message)).toEqual([
      'soil/T2 implements `soil/US19` (written `_Requirements: US-019 acceptance criteria 1-7_`), which does not exist',
    ]);
  });
});

describe("a team's tags for Kiro requirements", () => {
  it('`### Requirement 7 (FR-SEC)`: FR-SEC-19 names its criterion, FR-SEC the requirement; a tag no requirement has is prose', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\n',
      '.kiro/specs/x/requirements.md': '### Requirement 7 (FR-SEC)\n#### Acceptance Criteria\n1. A\n2. B\n### Requirement 8 (NFR-THREAD)\n#### Acceptance Criteria\n1. C\n',
      '.kiro/specs/x/tasks.md': '- [ ] 1. One\n  - _Requirements: FR-SEC-2, NFR-THREAD, FR-DOC-3_\n- [ ] 2. Two\n  - _Requirements: FR-SEC-9_\n',
    });
    const ws = loadWorkspace(root);
    expect(ws.relationsOut.get('x/T1')).toEqual([{ relation: 'implements', id: 'x/R7.2' }, { relation: 'implements', id: 'x/R8' }]);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message)).toEqual([
      'x/T2 implements `x/R7.9` (written `_Requirements: FR-SEC-9_`), which does not exist; did you mean `x/R7.1`?',
    ]);
  });
});

describe("a kit file's links", () => {
  it('are checked when the file writes one; boxes and Spec Kit marks alone are no link (its Markdown is not extracted)', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [speckit]\n',
      'specs/001-a/tasks.md': '- [ ] T001 [P] [US1] Build it\n- [x] T002 Ship it\n',
      'specs/002-b/tasks.md': '- [ ] T001 See [the plan](plan.md) and [notes][n]\n\n[n]: missing.md\n',
    });
    const ws = loadWorkspace(root);
    expect(ws.diagnostics.filter((d) => d.code === 'MD_LINK_BROKEN').map((d) => `${d.path}:${d.line}`)).toEqual(['specs/002-b/tasks.md:1', 'specs/002-b/tasks.md:3']);
  });
});

describe('a Kiro requirement inserted later', () => {
  it('`### Requirement 19.1`: its criteria are R19.1.1, …, which tasks cite as 19.1.1; its own id is criterion 1 of Requirement 19 too (ID_DUPLICATE)', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\n',
      '.kiro/specs/x/requirements.md': '### Requirement 19: Base\n#### Acceptance Criteria\n1. A\n### Requirement 19.1: Later\n#### Acceptance Criteria\n1. B\n2. C\n',
      '.kiro/specs/x/tasks.md': '- [ ] 1. One\n  - _Requirements: 19.1, 19.1.2_\n',
    });
    const ws = loadWorkspace(root);
    expect(ws.nodes.get('x/R19.1.2')?.title).toBe('C');
    expect(ws.relationsOut.get('x/T1')).toEqual([{ relation: 'implements', id: 'x/R19.1' }, { relation: 'implements', id: 'x/R19.1.2' }]);
    // `19.1` is criterion 1 of Requirement 19 (it keeps the id); R19.1.1, cited by no task, is uncovered.
    expect(ws.diagnostics.map((d) => `${d.code} ${d.line}`)).toEqual(['ID_DUPLICATE 4', 'COVERAGE_MISSING 6']);
  });
});

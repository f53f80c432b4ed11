/**
 * Forms from a third round of public Spec Kit repositories, each case modelled on the lines
 * quoted (items, states and references worked out by hand):
 * - mixseek/mixseek-core at 7b7e0f5: tasks written `### TASK-001: Title [P]` with their
 *   acceptance boxes (specs/019-custom-member-api/tasks.md), and `### T003 [P]: [US1] Title`
 *   (specs/007-orchestration/tasks.md);
 * - henriquelopeslima/l1face at 552bba6: `- [x] T00X …`, ids the team never filled in
 *   (specs/002-login-licitante/tasks.md), and Portuguese requirement ids `**RF-001**`,
 *   `**CS-001**` (specs/003-register-licitante/spec.md);
 * - Amethyst001/Protocol-Resurrection-Machine at ebca137: a Kiro task written twice, first as an
 *   empty line (.kiro/specs/workbench-mobile-and-animations/tasks.md lines 179-195);
 * - anqianqianqi/Henry-s-math-classroom-Kiro at 1e81888: Kiro tasks numbered in headings, their
 *   boxes unnumbered (.kiro/specs/class-exploration/tasks.md lines 1-25).
 */
import { describe, expect, it } from 'vitest';
import { readKitFile } from '../../../../src/core/parse/kits/read-kit.js';
import { kitPlaceOf } from '../../../../src/core/read/kit-paths.js';
import { itemKind } from '../../../../src/core/shared/suggest-kind.js';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

/** Each item as `id type "title" line-end [box]`, and its references as `relation id @line (written)`. */
const read = (path: string, text: string) => {
  const { read: found } = readKitFile(text, 1, kitPlaceOf(path, ['speckit'])!);
  return {
    items: found.items.map((i) => `${i.id} ${i.type} "${i.title}" ${i.line}-${i.end}${i.box === null ? '' : ` [${i.box}]`}`),
    refs: found.items.flatMap((i) => i.refs.filter((r) => r.relation !== 'refines').map((r) => `${i.id} ${r.relation} ${r.id} @${r.line} (${r.written})`)),
  };
};

describe('Spec Kit tasks written as headings, as mixseek writes them', () => {
  it('`### TASK-001: Title [P]`: a task by the id written, its boxes its steps, its dependencies `TASK-001`', () => {
    // specs/019-custom-member-api/tasks.md lines 17-27, 50-52, 104-106 and 145 (shortened).
    const text = [
      '**Note**: アービトラージ検証機能（旧Phase 4のTASK-017からTASK-020）は削除されました。', // 1
      '', // 2
      '## Phase 1: Setup (Project Structure)', // 3
      '', // 4
      '### TASK-001: プロジェクトディレクトリ構造作成 [P]', // 5
      '**Priority**: P1 | **Type**: Setup | **Estimate**: 5 min | **Dependencies**: None', // 6
      '', // 7
      '**Acceptance Criteria**:', // 8
      '- [x] `examples/custom_agents/bitbank/__init__.py` が存在する', // 9
      '- [x] `examples/custom_agents/bitbank/agent.py` が存在する（空ファイル）', // 10
      '', // 11
      '### TASK-002: TOML設定ファイル作成 [P]', // 12
      '**Priority**: P1 | **Type**: Setup | **Estimate**: 10 min | **Dependencies**: None', // 13
      '- [x] `bitbank_agent.toml` が存在する', // 14
      '- [ ] `[agent]` セクションに `type = "custom"` が定義されている', // 15
      '', // 16
      '### TASK-003: Pydantic Modelsテスト作成 (models.py)', // 17
      '**Priority**: P1 | **Type**: Test | **Estimate**: 30 min | **Dependencies**: TASK-001, TASK-002', // 18
      '- [ ] TASK-002のテストがすべてGreen phase（成功）になる', // 19
      '', // 20
      '### TASK-004: ticker取得ツール実装 ✅', // 21
      '`get_ticker_data()` を実装します。FR-001に対応します。', // 22
    ].join('\n');
    expect(read('specs/019-custom/tasks.md', text)).toEqual({
      items: [
        '019-custom/TASK-001 task "プロジェクトディレクトリ構造作成" 5-10 [x]',
        '019-custom/TASK-002 task "TOML設定ファイル作成" 12-15 [-]',
        '019-custom/TASK-003 task "Pydantic Modelsテスト作成 (models.py)" 17-19 [ ]',
        '019-custom/TASK-004 task "ticker取得ツール実装" 21-22 [x]',
      ],
      refs: [
        '019-custom/TASK-003 depends_on 019-custom/TASK-001 @18 (**Dependencies**: TASK-001, TASK-002)',
        '019-custom/TASK-003 depends_on 019-custom/TASK-002 @18 (**Dependencies**: TASK-001, TASK-002)',
        '019-custom/TASK-004 implements 019-custom/FR-001 @22 (FR-001)',
      ],
    });
  });

  it('`### T003 [P]: [US1] Title`: the marks before and after the colon are not the title', () => {
    // specs/007-orchestration/tasks.md lines 82 and 392.
    const text = ['### T003 [P]: [US1] OrchestratorTask モデルのテスト作成', '', '### T009: [US1] RoundController テスト作成（モック版）', '', '### T004 [P] TeamStatus モデル'].join('\n');
    expect(read('specs/007-orch/tasks.md', text)).toEqual({
      items: ['007-orch/T003 task "OrchestratorTask モデルのテスト作成" 1-1 [ ]', '007-orch/T009 task "RoundController テスト作成（モック版）" 3-3 [ ]', '007-orch/T004 task "TeamStatus モデル" 5-5 [ ]'],
      refs: ['007-orch/T003 implements 007-orch/US1 @1 ([US1])', '007-orch/T009 implements 007-orch/US1 @3 ([US1])'],
    });
  });

  it('`### TASK-016.5:` (inserted later) is a task of its own; a `**Status**: ✅` line of a heading task\'s own says it is done', () => {
    // specs/019-custom-member-api/tasks.md lines 456-457 and 484-485; specs/009-member/tasks.md lines 1590-1623 (shortened).
    const text = [
      '### TASK-016: BitbankAPIAgent実装 (agent.py)', // 1
      '**Priority**: P1 | **Dependencies**: TASK-015', // 2
      '', // 3
      '### TASK-016.5: LLM自然言語分析の統合テスト作成 (agent.py)', // 4
      '**Priority**: P1 | **Type**: Test | **Dependencies**: TASK-016', // 5
      '', // 6
      '### T084: [Refactor] コード品質チェック実行[P]', // 7
      '**AC**:', // 8
      '- [ ] Ruffチェックがパスする', // 9
      '', // 10
      '**Status**: ✅ **COMPLETED** (2025-11-20)', // 11
      '', // 12
      '### T085: [Documentation] ガイド追加', // 13
      '**Status**: 🔴 **未実装**', // 14
      '### T086.5 Leer el endpoint', // 15: a decimal T- id, read since a thirty-eighth round (`### T0.1 Leer …`: jorge-robledo11/web-app)
      '### T087: データモデル実装', // 16
      '**Checkpoint**: ✅ Foundational Models完成', // 17: the phase's, after its last task (007-orchestration line 382)
    ].join('\n');
    const { items, refs } = read('specs/019-custom/tasks.md', text);
    expect(items).toEqual([
      '019-custom/TASK-016 task "BitbankAPIAgent実装 (agent.py)" 1-2 [ ]',
      '019-custom/TASK-016.5 task "LLM自然言語分析の統合テスト作成 (agent.py)" 4-5 [ ]',
      '019-custom/T084 task "[Refactor] コード品質チェック実行" 7-11 [x]',
      '019-custom/T085 task "[Documentation] ガイド追加" 13-14 [ ]',
      '019-custom/T086.5 task "Leer el endpoint" 15-15 [ ]',
      '019-custom/T087 task "データモデル実装" 16-17 [ ]',
    ]);
    expect(refs).toEqual([
      '019-custom/TASK-016 depends_on 019-custom/TASK-015 @2 (**Dependencies**: TASK-015)',
      '019-custom/TASK-016.5 depends_on 019-custom/TASK-016 @5 (**Dependencies**: TASK-016)',
    ]);
  });

  it('a status line of a sub-heading or in a code block is not the task\'s; a mark-like bracket of the team\'s stays in the title; `- [ ] TASK-004` boxes too', () => {
    // From a review of this change: each case was a wrong state or title.
    const text = [
      '### T001: Big task', // 1
      '#### Step 1', // 2
      '**Status**: ✅', // 3
      '### T002 [Bug 12] Fix the parser', // 4
      '```markdown', // 5
      '**Status**: ✅ **COMPLETED**', // 6
      '```', // 7
      '### T003: Title [P] [US2]', // 8
      '- [ ] TASK-004 A box with the team\'s id (depends on T003)', // 9
    ].join('\n');
    const { items } = read('specs/019-custom/tasks.md', text);
    expect(items).toEqual([
      '019-custom/T001 task "Big task" 1-3 [ ]',
      '019-custom/T002 task "[Bug 12] Fix the parser" 4-7 [ ]',
      '019-custom/T003 task "Title" 8-8 [ ]',
      '019-custom/TASK-004 task "A box with the team\'s id (depends on T003)" 9-9 [ ]',
    ]);
  });

  it('a range of `TASK-` headings is no task', () => {
    expect(read('specs/019-custom/tasks.md', '### TASK-017 - TASK-020: 削除\n\n### TASK-021: Keep').items).toEqual(['019-custom/TASK-021 task "Keep" 3-3 [ ]']);
  });
});

describe('Spec Kit tasks whose id is a placeholder (l1face)', () => {
  it('`- [x] T00X …`, then `T01X`: each the task of its place among the file\'s boxes, as the team\'s `depende de T003, T004` counts', () => {
    // specs/002-login-licitante/tasks.md lines 25-44 (shortened): T001, then T00X up to the ninth box, T01X from the tenth.
    const text = [
      '- [x] T001 Criar estrutura de diretórios da feature auth', // 1
      '- [x] T00X Configurar proxy `/api` no Vite', // 2: T002
      '', // 3
      '## Fase 2: Fundação', // 4
      '', // 5
      '- [x] T00X Criar entidade `User`', // 6: T003
      '- [x] T00X [P] Criar entidade `Licitante`', // 7: T004
      '- [x] T00X Criar tipos `AuthSession` (depende de T003, T004)', // 8: T005
      '- [x] T00X Criar `AuthError`', // 9: T006
      '- [x] T00X Criar interface `IAuthRepository`', // 10: T007
      '- [x] T00X Criar `authMappers`', // 11: T008
      '- [ ] T00X Criar `LoginUseCase` (depende de T005, T006, T007)', // 12: T009
      '- [ ] T01X [P] Criar `GetMeUseCase`', // 13: T010
      '- [ ] TEXT is a word, no task', // 14
    ].join('\n');
    const { items, refs } = read('specs/002-login/tasks.md', text);
    expect(items).toEqual([
      '002-login/T001 task "Criar estrutura de diretórios da feature auth" 1-1 [x]',
      '002-login/T002 task "Configurar proxy `/api` no Vite" 2-2 [x]',
      '002-login/T003 task "Criar entidade `User`" 6-6 [x]',
      '002-login/T004 task "Criar entidade `Licitante`" 7-7 [x]',
      '002-login/T005 task "Criar tipos `AuthSession` (depende de T003, T004)" 8-8 [x]',
      '002-login/T006 task "Criar `AuthError`" 9-9 [x]',
      '002-login/T007 task "Criar interface `IAuthRepository`" 10-10 [x]',
      '002-login/T008 task "Criar `authMappers`" 11-11 [x]',
      '002-login/T009 task "Criar `LoginUseCase` (depende de T005, T006, T007)" 12-12 [ ]',
      '002-login/T010 task "Criar `GetMeUseCase`" 13-13 [ ]',
    ]);
    expect(refs).toEqual([
      '002-login/T005 depends_on 002-login/T003 @8 (depende de T003, T004)',
      '002-login/T005 depends_on 002-login/T004 @8 (depende de T003, T004)',
      '002-login/T009 depends_on 002-login/T005 @12 (depende de T005, T006, T007)',
      '002-login/T009 depends_on 002-login/T006 @12 (depende de T005, T006, T007)',
      '002-login/T009 depends_on 002-login/T007 @12 (depende de T005, T006, T007)',
    ]);
  });

  it('a placeholder never takes the id of a task written as a heading (a review found a false ID_DUPLICATE that dropped the heading task)', () => {
    const text = ['- [x] T001 one', '- [ ] T00X two', '- [ ] T00X three', '', '### T003: Heading task', '- [ ] step'].join('\n');
    expect(read('specs/002-login/tasks.md', text).items).toEqual([
      '002-login/T001 task "one" 1-1 [x]',
      '002-login/T002 task "two" 2-2 [ ]',
      '002-login/T#2 task "three" 3-3 [ ]',
      '002-login/T003 task "Heading task" 5-6 [ ]',
    ]);
  });

  it('a placeholder whose digits disagree with its place, or whose place a real id holds, is `T#n` (its place among placeholders)', () => {
    const text = [
      '- [ ] T001 First', // 1
      '- [ ] T01X Second, written as a tenth', // 2: T01X at place 2 → T#1
      '- [ ] TXXX Third', // 3: T003 is a real id below → T#2
      '- [ ] T003 Fourth, with its own id', // 4
      '- [ ] TXX Fifth', // 5: T05, as wide as written
    ].join('\n');
    expect(read('specs/002-login/tasks.md', text).items).toEqual([
      '002-login/T001 task "First" 1-1 [ ]',
      '002-login/T#1 task "Second, written as a tenth" 2-2 [ ]',
      '002-login/T#2 task "Third" 3-3 [ ]',
      '002-login/T003 task "Fourth, with its own id" 4-4 [ ]',
      '002-login/T05 task "Fifth" 5-5 [ ]',
    ]);
  });
});

describe('requirements in Portuguese (l1face): RF-, RNF-, CS-', () => {
  it('spec.md: `- **RF-001**: …` is a functional requirement, `**CS-001**` a success criterion, `**RNF-001**` a non-functional one', () => {
    // specs/003-register-licitante/spec.md lines 83-86 and 112-114 (shortened); RNF- as people write it.
    const text = [
      '### Requisitos Funcionais', // 1
      '', // 2
      '- **RF-001**: O sistema DEVE exibir um formulário de cadastro.', // 3
      '- **RF-002**: O sistema DEVE validar os campos obrigatórios.', // 4
      '- **RNF-001**: O cadastro DEVE responder em menos de 2 s.', // 5
      '', // 6
      '## Critérios de Sucesso *(obrigatório)*', // 7
      '', // 8
      '- **CS-001**: Um novo visitante consegue criar conta em menos de 3 minutos.', // 9
      '- **RFC-001**: not a prefix of requirements', // 10
    ].join('\n');
    expect(read('specs/003-register/spec.md', text).items).toEqual([
      '003-register/RF-001 functional-requirement "O sistema DEVE exibir um formulário de cadastro." 3-3',
      '003-register/RF-002 functional-requirement "O sistema DEVE validar os campos obrigatórios." 4-4',
      '003-register/RNF-001 non-functional-requirement "O cadastro DEVE responder em menos de 2 s." 5-5',
      '003-register/CS-001 success-criterion "Um novo visitante consegue criar conta em menos de 3 minutos." 9-9',
    ]);
  });

  it('their kind is the template\'s (`RF-` with `FR-`), for "did you mean" and coverage', () => {
    expect(['a/RF-001', 'a/RNF-2', 'a/CS-010', 'a/FR-001', 'a/R3', 'a/R3.1', 'a/R-3', 'a/RFC-1', 'a/TASK-001', 'a/TASKS-1', 'a/T#2'].map(itemKind)).toEqual(['FR', 'NFR', 'SC', 'FR', 'requirement', 'criterion', null, null, 'task', null, 'task']);
  });

  it('a range of RF- ids traces its feature as `FR-001-003` does; `### CS-101: Intro` in an English spec.md is no criterion', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [speckit]\n',
      'specs/001-a/spec.md': '- **RF-001**: Um.\n- **RF-002**: Dois.\n- **RF-003**: Três.\n- **RF-004**: Quatro.\n',
      'specs/001-a/tasks.md': '- [ ] T001 Implementa RF-001-003\n',
      'specs/002-b/spec.md': '## Courses\n\n### CS-101: Intro to programming\n',
      'specs/002-b/tasks.md': '- [ ] T001 Grade CS-102 homework\n',
    });
    const ws = loadWorkspace(root);
    expect(ws.relationsOut.get('001-a/T001')?.map((e) => e.id)).toEqual(['001-a/RF-001', '001-a/RF-002', '001-a/RF-003']);
    expect(ws.diagnostics.map((d) => `${d.code} ${d.nodeId}`)).toEqual(['COVERAGE_MISSING 001-a/RF-004']);
    expect(ws.nodes.has('002-b/CS-101')).toBe(false);
  });

  it('a task citing `RF-002` implements it; `RF-009` that its feature lacks is broken; `RF-433` in a feature without RF- items is prose', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [speckit]\n',
      'specs/003-register/spec.md': '## Requisitos\n\n- **RF-001**: Exibir o formulário.\n- **RF-002**: Validar os campos.\n\n## Critérios\n\n- **CS-001**: Conta em 3 minutos.\n',
      'specs/003-register/tasks.md': '- [ ] T001 Validar os campos (RF-002)\n- [ ] T002 Mensagens de erro (RF-009)\n',
      'specs/004-radio/spec.md': '## Requirements\n\n- **FR-001**: The board SHALL talk to the radio.\n',
      'specs/004-radio/tasks.md': '- [ ] T001 Wire the RF-433 module to the board\n',
    });
    const ws = loadWorkspace(root);
    expect(ws.relationsOut.get('003-register/T001')?.map((e) => `${e.relation} ${e.id}`)).toEqual(['implements 003-register/RF-002']);
    expect(ws.relationsOut.get('004-radio/T001')).toBeUndefined();
    const findings = ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'COVERAGE_MISSING').map((d) => `${d.code} ${d.nodeId}`);
    // 003 cites RF- ids, so its RF- items are held to coverage (RF-001 is not covered); its CS- ones are not (no task cites one); 004 cites none.
    expect(findings.sort()).toEqual(['COVERAGE_MISSING 003-register/RF-001', 'LINK_BROKEN 003-register/T002']);
    expect(ws.diagnostics.find((d) => d.code === 'LINK_BROKEN')?.message).toContain('did you mean `003-register/RF-001`?');
  });
});

describe('a Kiro task written twice, first as an empty line (Protocol-Resurrection-Machine)', () => {
  const tasks = (first: string) => [
    '## Phase 4: Final Integration & Polish', // 1
    '', // 2
    first, // 3
    '', // 4
    '', // 5
    '- [ ] 11. Responsive Toolbar & Console', // 6
    '  - Make toolbar responsive with Tailwind utilities', // 7
    '  - _Requirements: 2.1, 2.2_', // 8
    '', // 9
    '- [ ] 12. Final Manual Verification', // 10
  ].join('\n');
  const load = (first: string) => {
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\n',
      '.kiro/specs/workbench/requirements.md': '# Requirements\n\n### Requirement 2: Mobile\n\n#### Acceptance Criteria\n\n1. THE toolbar SHALL fit\n2. THE console SHALL scroll\n',
      '.kiro/specs/workbench/tasks.md': tasks(first),
    });
    return loadWorkspace(root);
  };

  it('the one with lines is the task, its requirements read; the empty one is ID_DUPLICATE at its line', () => {
    const ws = load('- [x] 11. Responsive Toolbar & Console');
    const node = ws.nodes.get('workbench/T11')!;
    expect([node.item!.line, node.item!.end, ws.states.get('workbench/T11')!.state]).toEqual([6, 8, 'ready']);
    expect(ws.relationsOut.get('workbench/T11')!.map((e) => `${e.relation} ${e.id}`)).toEqual(['implements workbench/R2.1', 'implements workbench/R2.2']);
    const findings = ws.diagnostics.filter((d) => d.code !== 'COVERAGE_MISSING').map((d) => `${d.code} ${d.line} ${d.message}`);
    expect(findings).toEqual(['ID_DUPLICATE 3 id `workbench/T11` is written twice in this file: the item on line 6, which has lines of its own, is used, and this empty one is ignored — remove it']);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING')).toEqual([]);
  });

  it('a first one of another title, or with lines of its own, stays the task (a real duplicate number)', () => {
    const other = load('- [x] 11. Checkpoint - Toolbar Complete');
    expect(other.nodes.get('workbench/T11')!.title).toBe('Checkpoint - Toolbar Complete');
    expect(other.diagnostics.find((d) => d.code === 'ID_DUPLICATE')?.line).toBe(6);
    const full = load('- [x] 11. Responsive Toolbar & Console\n  - Started on mobile');
    expect(full.nodes.get('workbench/T11')!.item!.line).toBe(3);
    expect(full.diagnostics.find((d) => d.code === 'ID_DUPLICATE')?.line).toBe(7);
  });
});

describe('Kiro tasks numbered in headings, their boxes their steps (Henry-s-math-classroom-Kiro)', () => {
  const readKiro = (text: string) =>
    readKitFile(text, 1, kitPlaceOf('.kiro/specs/class-exploration/tasks.md', ['kiro'])!).read.items.map((i) => `${i.id} "${i.title}" ${i.line}-${i.end} [${i.box}]${i.refs.filter((r) => r.relation === 'refines').map((r) => ` < ${r.id}`).join('')}`);

  it('`### 1.1 Create Database Migration File`: task T1.1, done when all its boxes are, in progress when some are', () => {
    const text = [
      '# Class Exploration & Trial Request System - Tasks', // 1
      '', // 2
      '## Phase 1: Database & Admin Role Setup', // 3
      '', // 4
      '### 1.1 Create Database Migration File', // 5
      '- [x] Create `supabase/add-class-exploration.sql`', // 6
      '- [x] Add trial_requests table', // 7
      '', // 8
      '### 1.2 Set Up Administrator Role', // 9
      '- [x] Add administrator role to roles table', // 10
      '- [ ] Create admin permissions', // 11
      '', // 12
      '## 2. Public Class Discovery', // 13
      '### 2.1: Update Class Creation/Edit Forms', // 14
      '- [ ] Add "Make Public" toggle to class form', // 15
    ].join('\n');
    expect(readKiro(text)).toEqual([
      'class-exploration/T1.1 "Create Database Migration File" 5-7 [x]',
      'class-exploration/T1.2 "Set Up Administrator Role" 9-11 [-]',
      // A whole number is a task too; its own lines end where its first sub-task begins, and its steps are every box under it.
      'class-exploration/T2 "Public Class Discovery" 13-13 [ ]',
      'class-exploration/T2.1 "Update Class Creation/Edit Forms" 14-15 [ ] < class-exploration/T2',
    ]);
  });

  it('a numbered heading over no box is prose, and a file with `Task 1:` headings keeps them (a review found `## 1. Overview` taking Task 1\'s id)', () => {
    expect(readKiro(['## 1. Overview', 'Prose.', '', '## 2. Tasks', '', '### Task 1: Setup', '- [x] a', '### Task 2: Build', '- [ ] b'].join('\n'))).toEqual([
      'class-exploration/T1 "Setup" 6-7 [x]',
      'class-exploration/T2 "Build" 8-9 [ ]',
    ]);
    expect(readKiro(['## 1. Overview', 'Prose.', '', '## Work', '- [ ] Write it', '', '### 2.1 Steps', '- [ ] a step', '## 2024 Goals', '- [ ] Ship'].join('\n'))).toEqual([
      'class-exploration/T2.1 "Steps" 7-8 [ ]',
    ]);
  });

  it('a file whose boxes are numbered keeps its headings as headings', () => {
    const text = ['## 1. Foundation', '', '- [ ] 1.1 Set up the project', '', '### 2.1 Notes on the API', '- [ ] 2. Build the API'].join('\n');
    expect(readKiro(text)).toEqual(['class-exploration/T1.1 "Set up the project" 3-3 [ ]', 'class-exploration/T2 "Build the API" 6-6 [ ]']);
  });
});

describe('Kiro in Japanese and Chinese, as a fourth round of repositories writes it', () => {
  const kiro = (path: string, text: string) =>
    readKitFile(text, 1, kitPlaceOf(path, ['kiro'])!).read.items.map((i) => `${i.id} ${i.type} "${i.title}" ${i.line}-${i.end}${i.refs.filter((r) => r.relation !== 'refines').map((r) => ` ${r.relation} ${r.id} (${r.written})`).join('')}`);

  it('`#### 受入基準` opens the criteria as `受け入れ基準` does (mashharuki/getting-started-with-kiro at c4409a6)', () => {
    // .kiro/specs/tetris-game/requirements.md lines 9-16 (shortened).
    const text = ['### 要件1: ゲーム基本機能', '', '**ユーザーストーリー:** ゲームプレイヤーとして、Tetrisを楽しみたい', '', '#### 受入基準', '', '1. WHEN ゲームが開始されると THEN 10x20のゲームボードが表示される', '2. WHEN 横一列が完全に埋まると THEN その列が消去される'].join('\n');
    expect(kiro('.kiro/specs/tetris-game/requirements.md', text)).toEqual([
      'tetris-game/R1 requirement "ゲーム基本機能" 1-5',
      'tetris-game/R1.1 acceptance-criterion "WHEN ゲームが開始されると THEN 10x20のゲームボードが表示される" 7-7',
      'tetris-game/R1.2 acceptance-criterion "WHEN 横一列が完全に埋まると THEN その列が消去される" 8-8',
    ]);
  });

  it('`### 需求 1: …` with `#### 接受标准` or `1.1 WHEN …` lines; tasks citing `_需求: 1_` and `对应：需求 1、12` (zxj6827111-blip/KIROGOVCOMPARE at ed9cb5d)', () => {
    // .kiro/specs/city-report-integration/requirements.md lines 18-28 and api-worker-separation/requirements.md lines 16-21 (shortened).
    const requirements = ['### 需求 1: 数据模型改造', '', '#### 接受标准', '', '1. WHEN 创建年报资产时，THE 系统 SHALL 要求指定所属城市', '2. WHEN 查询某城市的年报时，THE 系统 SHALL 只返回 status=usable 的资产', '', '## 需求 12：API 路由前缀统一（/api/v1）', '', '12.1 WHEN 请求 API 时 THEN 系统 SHALL 使用 `/api/v1` 前缀。'].join('\n');
    expect(kiro('.kiro/specs/city/requirements.md', requirements)).toEqual([
      'city/R1 requirement "数据模型改造" 1-3',
      'city/R1.1 acceptance-criterion "WHEN 创建年报资产时，THE 系统 SHALL 要求指定所属城市" 5-5',
      'city/R1.2 acceptance-criterion "WHEN 查询某城市的年报时，THE 系统 SHALL 只返回 status=usable 的资产" 6-6',
      'city/R12 requirement "API 路由前缀统一（/api/v1）" 8-8',
      'city/R12.1 acceptance-criterion "WHEN 请求 API 时 THEN 系统 SHALL 使用 `/api/v1` 前缀。" 10-10',
    ]);
    // city-report-integration/tasks.md lines 8-11 and api-worker-separation/tasks.md lines 9-14 (shortened).
    const tasks = ['- [ ] 1.1 创建 Region 模型', '  - 创建 `src/models/Region.ts`', '  - _需求: 1_', '- [ ] 1.2 抽离 Express 初始化', '  - 所有路由统一 `/api/v1/` 前缀', '  - 对应：需求 1、12', '- [ ] 1.3 两个需求', '  - _需求: 需求14, 需求16_', '- [ ] 1.4 相关', '  - 相关需求：1.1'].join('\n');
    expect(kiro('.kiro/specs/city/tasks.md', tasks)).toEqual([
      'city/T1.1 task "创建 Region 模型" 1-3 implements city/R1 (_需求: 1_)',
      'city/T1.2 task "抽离 Express 初始化" 4-6 implements city/R1 (对应：需求 1、12) implements city/R12 (对应：需求 1、12)',
      'city/T1.3 task "两个需求" 7-8 implements city/R14 (_需求: 需求14, 需求16_) implements city/R16 (_需求: 需求14, 需求16_)',
      // A label glued to the word before it (`相关需求：`, "related requirements"; a review's case).
      'city/T1.4 task "相关" 9-10 implements city/R1.1 (相关需求：1.1)',
    ]);
  });
});

describe('review of the fourth round: lists and titles', () => {
  it('`、`, `，`, `；` separate the numbers in parentheses too; an unnamed requirement keeps its heading as written', () => {
    const tasks = ['- [ ] 1. One', '  - _Requirements: Core validation (1.2、2.1)_', '- [ ] 2. Two', '  - _需求: 3 (criteria 1、2)_'].join('\n');
    const refs = readKitFile(tasks, 1, kitPlaceOf('.kiro/specs/a/tasks.md', ['kiro'])!).read.items.flatMap((i) => i.refs.map((r) => `${i.id} ${r.id}`));
    expect(refs).toEqual(['a/T1 a/R1.2', 'a/T1 a/R2.1', 'a/T2 a/R3.1', 'a/T2 a/R3.2']);
    const requirements = ['### 요구사항 1', '', '#### 인수 기준', '', '1. WHEN 저장하면 THEN 시스템은 기록한다'].join('\n');
    expect(readKitFile(requirements, 1, kitPlaceOf('.kiro/specs/a/requirements.md', ['kiro'])!).read.items.map((i) => `${i.id} "${i.title}"`)).toEqual(['a/R1 "요구사항 1"', 'a/R1.1 "WHEN 저장하면 THEN 시스템은 기록한다"']);
  });
});

describe('OpenSpec tasks as a fourth round writes them (xujiangze/worker_plan at 9f12082)', () => {
  const openspec = (text: string) =>
    readKitFile(text, 1, kitPlaceOf('openspec/changes/plan/tasks.md', ['openspec'])!).read.items.map((i) => `${i.id.replace('change/plan/', '')} "${i.title}" ${i.line}${i.refs.filter((r) => r.relation === 'refines').map((r) => ` < ${r.id.replace('change/plan/', '')}`).join('')}`);

  it('boxes nested in numbered tasks under numbered group headings (`### 1.2 API`) never take a group\'s number, and the numbered tasks keep their groups\' parents', () => {
    // openspec/changes/implement-progress-tracking/tasks.md lines 3-20 (shortened).
    const text = [
      '## 1. 后端实现', // 1
      '', // 2
      '### 1.2 API 路由实现', // 3
      '- [ ] 1.2.1 实现 PATCH /api/plans/:id/status 路由', // 4
      '', // 5
      '### 1.3 服务层实现', // 6
      '- [ ] 1.3.1 实现更新计划状态服务方法', // 7
      '  - [ ] 验证状态值的有效性', // 8
      '  - [ ] 记录状态变更历史到 PlanHistory 表', // 9
      '- [ ] 1.3.2 实现更新计划进度服务方法', // 10
    ].join('\n');
    expect(openspec(text)).toEqual([
      // Placed in their numbered group, `### 1.3` (as `## 2.` places its boxes at `2.k`), past the numbers written there (1.3.1, 1.3.2).
      // Before, they were 1.1 and 1.2, and 1.2.1 was made part of the second.
      'T1.2.1 "实现 PATCH /api/plans/:id/status 路由" 4',
      'T1.3.1 "实现更新计划状态服务方法" 7',
      'T1.3.3 "验证状态值的有效性" 8 < T1.3.1',
      'T1.3.4 "记录状态变更历史到 PlanHistory 表" 9 < T1.3.1',
      'T1.3.2 "实现更新计划进度服务方法" 10',
    ]);
  });

  it('`### 1. Title` over no box is a task (its steps written as a numbered list); `## 1. Exporter` over task headings or boxes is a group', () => {
    // openspec/changes/implement-statistics-ui/tasks.md lines 3-10 and 411-413 (shortened).
    const text = [
      '## Backend Tasks', // 1
      '', // 2
      '### 1. 完善后端时间统计实现', // 3
      '**Description**: 完善 `GetStatsByTime` 方法。', // 4
      '', // 5
      '1. 在 `plan_repository.go` 中添加 `CountByDateRange` 方法', // 6
      '', // 7
      '### 2. 更新API文档 ✅', // 8
      '', // 9
      '## Success Criteria', // 10
      '- [ ] 所有后端API正常工作', // 11
    ].join('\n');
    expect(openspec(text)).toEqual(['T1 "完善后端时间统计实现" 3', 'T2 "更新API文档" 8', 'T#1 "所有后端API正常工作" 11']);
    // A file that numbers its tasks another way keeps its numbered headings as headings (a review found `## 1. Overview` taking Task 1's id).
    expect(openspec(['## 1. Overview', '', 'Prose.', '', '## 2. Implementation', '### Task 1: Setup', '- [ ] a step'].join('\n'))).toEqual(['T1 "Setup" 6', 'T2.1 "a step" 7 < T1']);
    expect(openspec(['## 1. Setup', '- [ ] 1.1 Create the module', '', '## 2. Later', '', '## 3. Notes', 'Prose.'].join('\n'))).toEqual(['T1.1 "Create the module" 2']);
    // Nor is a whole number without its dot, colon or dash a task's (`## 2024 Goals`), nor one heading alone.
    expect(openspec(['## 2024 Goals', 'Prose.', '## 3 things to remember', 'Prose.'].join('\n'))).toEqual([]);
    expect(openspec(['## 1. Overview', 'Prose.', '## Tasks', '- [ ] Write it'].join('\n'))).toEqual(['T#1 "Write it" 4']);
  });
});

describe('an OpenSpec change modifying what another open change adds (1776686596/PackLens at af6c724)', () => {
  it('stays LINK_BROKEN (OpenSpec archives it only into a spec that has the requirement; the gold sets judge it broken), naming the change that adds it', () => {
    // openspec/changes/refactor-python-to-rust/specs/dev-environment/spec.md lines 1-3 and add-linux-software-manager/specs/dev-environment/spec.md lines 1-3 (shortened).
    const root = testdir({
      'docugraph.yml': 'kits: [openspec]\n',
      'openspec/changes/add-linux-software-manager/proposal.md': '# Add\n',
      'openspec/changes/add-linux-software-manager/tasks.md': '## 1. Detect\n- [ ] 1.1 Detect runtimes\n',
      'openspec/changes/add-linux-software-manager/specs/dev-environment/spec.md': '## ADDED Requirements\n### Requirement: Runtime Detection\nThe system SHALL detect runtimes.\n',
      'openspec/changes/refactor-python-to-rust/proposal.md': '# Refactor\n',
      'openspec/changes/refactor-python-to-rust/tasks.md': '## 1. Port\n- [ ] 1.1 Port detection\n',
      'openspec/changes/refactor-python-to-rust/specs/dev-environment/spec.md': '## MODIFIED Requirements\n### Requirement: Runtime Detection\nThe system SHALL detect runtimes in Rust.\n\n### Requirement: Nobody Adds This\nText.\n',
    });
    const ws = loadWorkspace(root);
    const delta = 'change/refactor-python-to-rust/specs/dev-environment/spec';
    expect(ws.relationsOut.get(delta)).toBeUndefined();
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message)).toEqual([
      `${delta} refines \`dev-environment/runtime-detection\` (written \`MODIFIED Requirement: Runtime Detection\`), which does not exist; \`change/add-linux-software-manager\` adds it (\`change/add-linux-software-manager/runtime-detection\`): archive that change first, as OpenSpec archives a delta's MODIFIED requirement only into a spec that has it`,
      `${delta} refines \`dev-environment/nobody-adds-this\` (written \`MODIFIED Requirement: Nobody Adds This\`), which does not exist`,
    ]);
  });
});

describe('Kiro as a held-out round (j5ik2o/fraktor-rs at 2428ce7) writes it', () => {
  const kiro = (path: string, text: string) =>
    readKitFile(text, 1, kitPlaceOf(path, ['kiro'])!).read.items.map((i) => `${i.id} ${i.type} ${i.line}-${i.end}${i.refs.filter((r) => r.relation !== 'refines').map((r) => ` ${r.relation} ${r.id} (${r.written})`).join('')}`);

  it('`#### 受け入れ条件` opens the criteria; in a file that names no criteria heading, a requirement\'s first sub-heading over an ordered list does', () => {
    // .kiro/specs/cluster-active-compatibility-baseline/requirements.md lines 11-19 (shortened).
    const text = [
      '### 要件1: config compatibility baseline', // 1
      '', // 2
      '**目的:** cluster runtime 実装者として、同じ compatibility contract を参照したい。', // 3
      '', // 4
      '#### 受け入れ条件', // 5
      '', // 6
      '1. cluster node が join compatibility を評価するとき、比較理由を返さなければならない。', // 7
      '2. downing provider が異なる場合、join を incompatible として報告しなければならない。', // 8
      '', // 9
      '### 要件2: with notes', // 10
      '#### Notes', // 11: the file names its criteria headings: a numbered list elsewhere is no criteria (a review's case)
      '1. a numbered note', // 12
    ].join('\n');
    expect(kiro('.kiro/specs/baseline/requirements.md', text)).toEqual([
      'baseline/R1 requirement 1-5',
      'baseline/R1.1 acceptance-criterion 7-7',
      'baseline/R1.2 acceptance-criterion 8-8',
      'baseline/R2 requirement 10-12',
    ]);
    const unknown = ['### Requirement 1: Detector', '#### Kriterien der Abnahme', '1. THE detector SHALL report', '#### Notes', '1. not a criterion', '', '### Requirement 2: Second', '#### Kriterien der Abnahme', '1. THE system SHALL work'].join('\n');
    expect(kiro('.kiro/specs/baseline/requirements.md', unknown)).toEqual([
      'baseline/R1 requirement 1-2',
      'baseline/R1.1 acceptance-criterion 3-3',
      'baseline/R2 requirement 7-8',
      'baseline/R2.1 acceptance-criterion 9-9',
    ]);
  });

  it('`### 1. Failure Detector Configuration`: a requirement numbered without the word, where no heading has it, and only with criteria', () => {
    // .kiro/specs/configure-cluster-failure-detector/requirements.md lines 3-23 (shortened).
    const text = [
      '## 1. 導入', // 1: a numbered section with no criteria: no requirement
      '', // 2
      'この文書は…', // 3
      '', // 4
      '### 1. Failure Detector Configuration (故障検出器設定)', // 5
      '**目的:** cluster 実装者として…', // 6
      '', // 7
      '#### 受け入れ条件', // 8
      '1. Cluster Configuration が作成されたとき、`FailureDetectorConfig` を保持しなければならない。', // 9
      '', // 10
      '### 2. 観測パラメータの範囲', // 11
      '#### 受け入れ条件', // 12
      '1. 値だけを揃えなければならない。', // 13
    ].join('\n');
    expect(kiro('.kiro/specs/detector/requirements.md', text)).toEqual([
      'detector/R1 requirement 5-8',
      'detector/R1.1 acceptance-criterion 9-9',
      'detector/R2 requirement 11-12',
      'detector/R2.1 acceptance-criterion 13-13',
    ]);
  });

  it('`_Requirements:_ 2.1, 2.2` (the italic closed before the value) and `_Depends:_ none`', () => {
    // .kiro/specs/actor-cell-facet-structure/tasks.md lines 8-12 (shortened).
    const text = ['- [ ] 1. Split the facets', '  - root ActorCell の最小 creation/accessor 回帰が green になる', '  - _Requirements:_ 2.1, 2.2, 3.1', '  - _Boundary:_ ActorCell Core', '  - _Depends:_ none'].join('\n');
    expect(kiro('.kiro/specs/facets/tasks.md', text)).toEqual([
      'facets/T1 task 1-5 implements facets/R2.1 (_Requirements:_ 2.1, 2.2, 3.1) implements facets/R2.2 (_Requirements:_ 2.1, 2.2, 3.1) implements facets/R3.1 (_Requirements:_ 2.1, 2.2, 3.1)',
    ]);
  });
});

describe('Spec Kit tasks without ids (Muhammad-Ubaid-1166/Hackathon-II-Evolution-of-Todo at 9dc9a1e)', () => {
  it('a tasks.md that gives no task an id: each box a task by its place, nested boxes refining theirs', () => {
    // phase 2 …/specs/001-frontend-app/tasks.md lines 1-12 (shortened).
    const text = ['# Task List: 001-frontend-app', '', '## Phase 1: Project Setup & Initialization', '', '- [ ] Initialize Next.js Application', '  - Run `npx create-next-app@latest frontend`', '- [x] Clean Workspace', '  - [x] Remove boilerplate assets in `/public`'].join('\n');
    expect(read('specs/001-frontend-app/tasks.md', text).items).toEqual([
      '001-frontend-app/T#1 task "Initialize Next.js Application" 5-6 [ ]',
      '001-frontend-app/T#2 task "Clean Workspace" 7-7 [x]',
      '001-frontend-app/T#3 task "Remove boilerplate assets in `/public`" 8-8 [x]',
    ]);
  });

  it('a box that writes a number as Kiro\'s do (`- [x] 1.1 (P) Title`, a cc-sdd file under specs/): that task by its number', () => {
    // Tech-C-Venture/Portal.C at 606e1a1, docs/specification/specs/clean-architecture-refactor/tasks.md lines 3-5 (shortened), read as Spec Kit.
    const text = ['- [x] 1. レイヤー基盤を整備する', '  - [x] 1.1 (P) ドメイン層を作る', '- [ ] 1.1 again, a number taken', '- [ ] no number'].join('\n');
    expect(read('specs/clean/tasks.md', text).items).toEqual([
      'clean/T1 task "レイヤー基盤を整備する" 1-1 [x]',
      'clean/T1.1 task "(P) ドメイン層を作る" 2-2 [x]',
      'clean/T#1 task "1.1 again, a number taken" 3-3 [ ]',
      'clean/T#2 task "no number" 4-4 [ ]',
    ]);
  });

  it('`## Task 1: Environment Configuration Setup`: task T1, its acceptance boxes its steps; a file with T-ids keeps its other boxes as they were', () => {
    // phase 2 …/specs/008-secure-cors-config/tasks.md lines 9-19 (shortened).
    const text = ['## Task 1: Environment Configuration Setup', '**Priority**: P1', '', '### Acceptance Criteria', '- [x] WEB_URL is read from environment variables', '- [ ] Default value is set', '', '## Task 2: CORS Middleware', '- [x] Middleware added'].join('\n');
    expect(read('specs/008-cors/tasks.md', text).items).toEqual(['008-cors/T1 task "Environment Configuration Setup" 1-6 [-]', '008-cors/T2 task "CORS Middleware" 8-9 [x]']);
    expect(read('specs/008-cors/tasks.md', '- [ ] T001 Real task\n- [ ] a checklist line\n').items).toEqual(['008-cors/T001 task "Real task" 1-1 [ ]']);
    // Over boxes with ids, a `## Task 1:` heading groups them.
    expect(read('specs/008-cors/tasks.md', '## Task 1: Setup\n- [ ] T001 Real task\n').items).toEqual(['008-cors/T001 task "Real task" 2-2 [ ]']);
  });
});

describe('an OpenSpec requirement whose name starts with `_` (j5ik2o/fraktor-rs at 2428ce7)', () => {
  it('is read, its id without the leading `_` (it was ID_INVALID and not read); a MODIFIED reference to it names the same id', () => {
    // openspec/specs/pekko-mailbox-throughput-deadline/spec.md line 109 (shortened).
    const spec = '## Requirements\n\n### Requirement: _throughput_deadline プレフィックスは完全に削除しなければならない\nText.\n';
    expect(readKitFile(spec, 1, kitPlaceOf('openspec/specs/mailbox/spec.md', ['openspec'])!).read.items.map((i) => i.id)).toEqual(['mailbox/throughput_deadline-プレフィックスは完全に削除しなければならない']);
    const delta = '## MODIFIED Requirements\n\n### Requirement: _throughput_deadline プレフィックスは完全に削除しなければならない\nText.\n';
    expect(readKitFile(delta, 1, kitPlaceOf('openspec/changes/c/specs/mailbox/spec.md', ['openspec'])!).read.documentRefs.map((r) => r.id)).toEqual(['mailbox/throughput_deadline-プレフィックスは完全に削除しなければならない']);
  });
});

describe('Kiro tasks as a seventh, held-out round found them (s-hiraoku/b2b-design-system)', () => {
  const kiro = (text: string) => readKitFile(text, 1, kitPlaceOf('.kiro/specs/blog/tasks.md', ['kiro'])!).read.items.map((i) => `${i.id} "${i.title}" ${i.line}-${i.end} [${i.box}]`);

  it('a heading written as a box (`### - [x] 1. Title`) is the task its number names, its box its state', () => {
    // .kiro/specs/liquid-glass-tech-blog/tasks.md lines 3-8 (shortened).
    const text = ['## フェーズ 1: プロジェクト基盤とライブラリ統合', '', '### - [x] 1. プロジェクト初期設定とライブラリインストール', '', '- Next.js 15 プロジェクトを作成し、TypeScript 5.x を設定', '', '### - [ ] 2. デザインシステム', '- トークンを定義'].join('\n');
    expect(kiro(text)).toEqual(['blog/T1 "プロジェクト初期設定とライブラリインストール" 3-5 [x]', 'blog/T2 "デザインシステム" 7-8 [ ]']);
  });

  it('`- [x] **1.1 Title**`: the title without the closing bold', () => {
    // .kiro/specs/todo-app/tasks.md line 9.
    expect(kiro('- [x] **1.1 開発環境セットアップとプロジェクト初期化**\n  - Vite + React を作成\n- [ ] 1.2 A **bold** word stays')).toEqual([
      'blog/T1.1 "開発環境セットアップとプロジェクト初期化" 1-2 [x]',
      'blog/T1.2 "A **bold** word stays" 3-3 [ ]',
    ]);
  });
});

describe('a review of the held-out rounds\' fixes (each case run)', () => {
  const kiro = (path: string, text: string) =>
    readKitFile(text, 1, kitPlaceOf(path, ['kiro'])!).read.items.map((i) => `${i.id} "${i.title}"${i.refs.filter((r) => r.relation !== 'refines').map((r) => ` ${r.relation} ${r.id}`).join('')}`);

  it('`_Requirements:_ 1.1` reads to its line\'s end; a plain label\'s italic value is prose as before', () => {
    const text = ['- [ ] 1. Form', '  - _Requirements:_ 1.1', '  - Steps:', '    1. Create form', '    2. Validate', '- [ ] 2. Pages', '  - Keep requirements: _3 per page_ max', '  - _Depends:_ 1', '  3 retries at most'].join('\n');
    expect(kiro('.kiro/specs/a/tasks.md', text)).toEqual(['a/T1 "Form" implements a/R1.1', 'a/T2 "Pages" depends_on a/T1']);
  });

  it('box headings under numbered phase headings: the phases are no tasks (no false ID_DUPLICATE); a lone `**` that the number did not open stays', () => {
    const text = ['## 1. Foundation', '### - [x] 1. Setup', '- [x] deps', '### - [ ] 2. Config', '## 2. Features', '### - [ ] 3. Login'].join('\n');
    expect(kiro('.kiro/specs/a/tasks.md', text)).toEqual(['a/T1 "Setup"', 'a/T2 "Config"', 'a/T3 "Login"']);
    expect(kiro('.kiro/specs/a/tasks.md', '- [ ] 1.1 Ignore dist/**')).toEqual(['a/T1.1 "Ignore dist/**"']);
  });

  it('a bare numbered section over a sub-heading\'s numbered list is no requirement; nor are a named file\'s other numbered lists criteria', () => {
    expect(kiro('.kiro/specs/a/requirements.md', ['## 1. Introduction', '### Scope', '1. Web only', '2. No mobile'].join('\n'))).toEqual([]);
    const named = ['### Requirement 1: One', '#### Acceptance Criteria', '1. THE system SHALL work', '', '### Requirement 2: Two', '#### Notes', '1. a note'].join('\n');
    expect(kiro('.kiro/specs/a/requirements.md', named)).toEqual(['a/R1 "One"', 'a/R1.1 "THE system SHALL work"', 'a/R2 "Two"']);
  });
});

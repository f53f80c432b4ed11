/**
 * Forms a forty-ninth round of held-out repositories wrote (D-525), each case modelled on the lines quoted:
 * - HeltonFraga01/cortexx, .kiro/specs/performance-security-fixes-v1/tasks.md:8, 84-94: a list of what is pending that
 *   repeats the tasks' numbers — `- [ ] 1.5 Testar \`docker-compose up\` com Redis funcionando (teste manual)`, later under
 *   `## Itens Pendentes (Requerem Ação Manual ou Testes)` / `### Testes Manuais Necessários:` `- [ ] 1.5 - Testar
 *   \`docker-compose up\` com Redis` — 7 false ID_DUPLICATE errors (validate failed, and told the team to renumber). Its
 *   unified-auth-system-audit/tasks.md:666, 1004 (`## Task 20: Corrigir Testes de Integração ✅`, later under `## Próximos
 *   Passos (Tasks Pendentes)` `### Task 20: Corrigir Testes de Integração` over plain bullets) stays ID_DUPLICATE: a heading
 *   details its task (D-506).
 * - akiojin/unity-mcp-server, specs/SPEC-bf408776/tasks.md:10, 20, 245-260: a log of done work under `## タスク実行ログ` /
 *   `### 2025-10-31` — `- [x] S001: spec.md更新完了`, `- [x] T001: Unity同期スクリプトテスト作成完了（RED）` for `- [x] **S001**:
 *   SPEC-bf408776のspec.md更新（リリース自動化要件追加）`, `- [x] **T001** [P]: Unity Packageバージョン同期スクリプトのテスト作成`:
 *   15 false ID_DUPLICATE errors (4 are left: the log names other work than the task's title says).
 * - 233748863/BOT-MMORPG-AI-CN, .kiro/specs/unified-interface/tasks.md:22-30: a heading task's `### 需求` sub-heading over
 *   `- 需求 3: 导航栏更新` — requirement 3, all of it: 8 false COVERAGE_MISSING for R3.1–R3.4 and R6.1–R6.4.
 * - 7Mohamed-Gamal/ElDawliya_Sys, .kiro/specs/<feature>/requirements.md and tasks.md: Arabic `### المتطلب 1: إدارة الموظفين الشاملة`
 *   over `#### معايير القبول` and `1. عندما …`, cited `  - _المتطلبات: 1.1, 1.2_`: no requirement read (66 requirements and
 *   324 criteria lost, and the criteria no task cites never said).
 * - jankneumann/agentic-content-analyzer: `specs/cli-interface/spec.md` (`## NEW Capability Spec` / `This change creates a new
 *   capability spec specs/cli-interface/spec.md.`) beside `openspec/specs/cli-interface/spec.md`, no `.specify/`: `init` proposed
 *   Spec Kit for `specs/`, and both files were `cli-interface/spec` — 4 ID_DUPLICATE errors on the first `validate`.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { surveyKits } from '../../../../src/core/model/survey-kits.js';
import { testdir } from '../../../helpers/testdir.js';

const load = (tasks: string) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/fixes/tasks.md': tasks }));
const tasksOf = (ws: ReturnType<typeof loadWorkspace>) => [...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => `${n.id} ${n.item!.line} ${n.status}`).sort();
const findings = (ws: ReturnType<typeof loadWorkspace>) => ws.diagnostics.map((d) => `${d.code} ${d.line}`);

describe('forms of a forty-ninth round', () => {
  it('a Kiro list of what is pending that repeats tasks in their own words is those tasks again: no ID_DUPLICATE, the first keeps its state', () => {
    const tasks = [
      '# Implementation Plan', // 1
      '', // 2
      '- [x] 1. Redis cache', // 3
      '  - [x] 1.4 Configurar Redis no docker-compose', // 4
      '  - [ ] 1.5 Testar `docker-compose up` com Redis funcionando (teste manual)', // 5
      '- [ ] 8. Critical path', // 6
      '  - [ ] 8.2 Implementar lazy loading para componentes pesados', // 7
      '    - _Requirements: 8.1_', // 8
      '', // 9
      '## Itens Pendentes (Requerem Ação Manual ou Testes)', // 10
      '', // 11
      '### Testes Manuais Necessários:', // 12
      '- [ ] 1.5 - Testar `docker-compose up` com Redis', // 13
      '', // 14
      '### Implementação Pendente:', // 15
      '- [ ] 8.2 - Implementar lazy loading para componentes pesados (PlanForm, PlanList)', // 16
      '',
    ].join('\n');
    const ws = load(tasks);
    expect(tasksOf(ws)).toEqual(['fixes/T1 3 done', 'fixes/T1.4 4 done', 'fixes/T1.5 5 todo', 'fixes/T8 6 todo', 'fixes/T8.2 7 todo']);
    expect(findings(ws).filter((f) => !f.startsWith('LINK_BROKEN'))).toEqual([]);
    // In another state than the task's, it is no recap (a review): ID_DUPLICATE, as before.
    expect(findings(load(tasks.replace('- [ ] 8.2 - Implementar', '- [x] 8.2 - Implementar'))).filter((f) => f.startsWith('ID_DUPLICATE'))).toEqual(['ID_DUPLICATE 16']);
  });

  it('a task heading written again under next steps, over notes, is still ID_DUPLICATE: a heading details its task (D-506)', () => {
    const tasks = [
      '# Tasks', // 1
      '', // 2
      '## Task 20: Corrigir Testes de Integração ✅', // 3
      '', // 4
      '**Description:** Corrigir testes de integração que estão falhando.', // 5
      '', // 6
      '## Task 22: Executar Linter e Corrigir Warnings ✅', // 7
      '', // 8
      '## Próximos Passos (Tasks Pendentes)', // 9
      '', // 10
      '### Task 20: Corrigir Testes de Integração', // 11
      '- Alguns testes de RLS ainda falham', // 12
      '', // 13
      '### Task 22: Executar Linter', // 14
      '- Priorizar erros de segurança', // 15
      '',
    ].join('\n');
    const ws = load(tasks);
    // As before this round: `Executar Linter` says less than `Executar Linter e Corrigir Warnings`, so a heading of its own (D-512).
    expect(tasksOf(ws)).toEqual(['fixes/T20 3 done', 'fixes/T22 7 done', 'fixes/T22#2 14 todo']);
    expect(findings(ws)).toEqual(['ID_DUPLICATE 11', 'ID_DUPLICATE 14']);
  });

  it('a number written again for other work, or again with a citation or a box under it, is still a second task', () => {
    const tasks = [
      '- [ ] 1. Set up the project', // 1
      '- [ ] 2. Write the parser', // 2
      '- [ ] 1. Deploy the service to staging', // 3: other work (a copy, D-512)
      '- [ ] 2. Write the parser', // 4: the same words, but it cites (the first, a line alone, is the empty one: D-512)
      '  - _Requirements: 1.1_', // 5
      '',
    ].join('\n');
    expect(findings(load(tasks)).filter((f) => f.startsWith('ID_DUPLICATE'))).toEqual(['ID_DUPLICATE 2', 'ID_DUPLICATE 3']);
    // Kiro's line written twice, the second over its sub-tasks (WhitePlusMS/calenparse: `- [-] 8. 搜索和过滤核心逻辑实现`, then
    // `- [ ] 8. 搜索和过滤核心逻辑实现` over `  - [x] 8.1 …`): the task written twice, ID_DUPLICATE as before.
    const twice = ['- [x] 7. Checkpoint', '- [-] 8. 搜索和过滤核心逻辑实现', '', '- [ ] 8. 搜索和过滤核心逻辑实现', '', '  - [x] 8.1 创建 `src/composables/useSearch.ts`', ''].join('\n');
    expect(findings(load(twice)).filter((f) => f.startsWith('ID_DUPLICATE'))).toEqual(['ID_DUPLICATE 4']);
    // A review's: another task in another state (`T010` for the order model), a one-word task and a longer one, the same words
    // alone and not in a list of repeats (Phase 2's `3.1 Write tests`), two letters beside Chinese (`DB設計`, `UI設計`), and Kiro's
    // empty line above the task with its steps (`- [x] 11. Toolbar` … `- [ ] 11. Toolbar` and two steps): each as before.
    const others = [
      '- [x] 3. Write tests for user model in tests/unit/test_user.py', // 1
      '- [ ] 4. Testing', // 2
      '- [ ] 5. DB設計', // 3
      '- [x] 11. Toolbar', // 4
      '## Phase 2', // 5
      '- [ ] 3. Write tests for order model in tests/unit/test_order.py', // 6
      '- [ ] 4. Testing of the payment refunds flow end to end', // 7
      '- [ ] 5. UI設計', // 8
      '', // 9
      '- [ ] 11. Toolbar', // 10
      '  - Add the undo and redo buttons', // 11
      '', // 12
      '## Phase 3', // 13
      '- [ ] 12. Write tests', // 14
      '- [ ] 13. Ship', // 15
      '- [ ] 12. Write tests', // 16
      '',
    ].join('\n');
    const read = load(others);
    expect(findings(read).filter((f) => f.startsWith('ID_DUPLICATE'))).toEqual(['ID_DUPLICATE 4', 'ID_DUPLICATE 6', 'ID_DUPLICATE 7', 'ID_DUPLICATE 8', 'ID_DUPLICATE 16']);
    expect(tasksOf(read)).toContain('fixes/T11 10 todo');
    const headings = ['## Task 20: Corrigir Testes', '', 'Notas.', '', '## Próximos Passos', '', '### Task 20: Corrigir Testes', '- [ ] Rodar de novo', ''].join('\n');
    expect(findings(load(headings)).filter((f) => f.startsWith('ID_DUPLICATE'))).toEqual(['ID_DUPLICATE 7']);
  });

  it('a log of done work that repeats tasks with a word for done and notes in brackets is those tasks again (Spec Kit)', () => {
    const tasks = [
      '# Tasks', // 1
      '', // 2
      '- [x] **S001**: SPEC-bf408776のspec.md更新（リリース自動化要件追加）', // 3
      '- [x] **T001** [P]: Unity Packageバージョン同期スクリプトのテスト作成', // 4
      '- [x] **I005**: finish-feature.sh実行してPR作成', // 5
      '', // 6
      '## タスク実行ログ', // 7
      '', // 8
      '- [x] S001: spec.md更新完了', // 9
      '- [x] T001: Unity同期スクリプトテスト作成完了（RED）', // 10
      '- [x] I005: finish-feature.shのブランチ名検証修正完了（feature/* 全般対応）', // 11: other work — a copy, as before
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/SPEC-bf408776/tasks.md': tasks }));
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE').map((d) => d.line)).toEqual([11]);
    expect([...ws.nodes.keys()].filter((id) => id.includes('#'))).toEqual(['SPEC-bf408776/I005#2']);
  });

  it('Kiro: `- 需求 3: 导航栏更新` under a heading task\'s `### 需求` names requirement 3, all of it', () => {
    const requirements = ['# 需求文档', '', '### 需求 2: 配置界面整合', '', '#### 验收标准', '1. WHEN 打开 THEN 系统 SHALL 显示', '', '### 需求 3: 导航栏更新', '', '#### 验收标准', '1. WHEN 点击 THEN 系统 SHALL 切换', '2. WHEN 悬停 THEN 系统 SHALL 提示', ''].join('\n');
    const tasks = ['# 任务列表', '', '## 任务 2: 修改主程序', '', '### 需求', '- 需求 2: 配置界面整合', '- 需求 3: 导航栏更新', '', '### 步骤', '- [x] 2.1 修改 `主程序.py`', '  - _需求: 2.1_', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/ui/requirements.md': requirements, '.kiro/specs/ui/tasks.md': tasks }));
    expect(ws.relationsOut.get('ui/T2')!.map((e) => `${e.relation} ${e.id}`)).toEqual(['implements ui/R2', 'implements ui/R3']);
    expect(ws.diagnostics.map((d) => d.code)).toEqual([]);
    // Not elsewhere in a task: a list of what it does not do names nothing (a review).
    const outOfScope = ['- [ ] 2. 修改主程序', '  - _需求: 2.1_', '  - Out of scope for this task:', '    - Requirement 3: 导航栏更新', '', '### 不包括', '- 需求 3: 导航栏更新', ''].join('\n');
    const out = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/ui/requirements.md': requirements, '.kiro/specs/ui/tasks.md': outOfScope }));
    expect(out.relationsOut.get('ui/T2')!.map((e) => `${e.relation} ${e.id}`)).toEqual(['implements ui/R2.1']);
  });

  it('Kiro in Arabic: `### المتطلب 1:` is requirement 1, its numbered criteria under `#### معايير القبول`, cited by `_المتطلبات: 1.1_`', () => {
    const requirements = [
      '# متطلبات النظام', // 1
      '', // 2
      '## المتطلبات', // 3
      '', // 4
      '### المتطلب 1: إدارة الموظفين الشاملة', // 5
      '', // 6
      '**قصة المستخدم:** كمدير موارد بشرية، أريد نظاماً شاملاً.', // 7
      '', // 8
      '#### معايير القبول', // 9
      '1. عندما أقوم بإضافة موظف جديد، يجب أن أتمكن من إدخال البيانات', // 10
      '2. عندما أقوم بتعديل بيانات موظف، يجب أن يتم حفظ تاريخ التعديل', // 11
      '',
    ].join('\n');
    // An Arabic comma lists them too (`1.1، 1.2`: a review).
    const tasks = ['# خطة التنفيذ', '', '- [ ] 1. إنشاء نموذج الموظف', '  - _المتطلبات: 1.1_', '- [ ] 2. تعديل الموظف', '  - _المتطلبات: 1.1، 1.2_', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/hr/requirements.md': requirements, '.kiro/specs/hr/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.item !== undefined && n.type !== 'task').map((n) => `${n.id} ${n.item!.line}`)).toEqual(['hr/R1 5', 'hr/R1.1 10', 'hr/R1.2 11']);
    expect(ws.relationsOut.get('hr/T1')!.map((e) => `${e.relation} ${e.id}`)).toEqual(['implements hr/R1.1']);
    expect(ws.relationsOut.get('hr/T2')!.map((e) => `${e.relation} ${e.id}`)).toEqual(['implements hr/R1.1', 'implements hr/R1.2']);
    expect(ws.diagnostics.map((d) => `${d.code} ${d.nodeId}`)).toEqual([]);
  });

  it('init: with no .specify/, a `specs/<name>/spec.md` named as an OpenSpec capability is a Spec Kit feature only as Spec Kit numbers or fills one', () => {
    const capability = '# cli-interface\n\n## Purpose\n\nThe CLI.\n\n## Requirements\n\n### Requirement: Commands\n\nThe CLI SHALL list commands.\n\n#### Scenario: list\n\n- **WHEN** asked\n- **THEN** it lists\n';
    const files = { 'openspec/specs/cli-interface/spec.md': capability, 'specs/cli-interface/spec.md': '## NEW Capability Spec\n\nThis change creates a new capability spec.\n' };
    expect(surveyKits(testdir(files))).toEqual([{ kit: 'openspec', folders: ['openspec/specs/cli-interface'], count: 1 }]);
    // A Spec Kit feature that is no capability's name stays one, numbered or not (a review: `specs/auth/spec.md` with no plan yet).
    const numbered = surveyKits(testdir({ ...files, 'specs/002-export/spec.md': '# Feature Specification: Export\n', 'specs/auth/spec.md': '# Feature Specification: Auth\n', 'openspec/specs/profiles/spec.md': capability, 'specs/profiles/spec.md': '# Profiles\n', 'specs/profiles/tasks.md': '- [ ] T001 Do\n' }));
    expect(numbered.map((k) => `${k.kit} ${k.folders.join(' ')}`)).toEqual(['speckit specs/002-export specs/auth specs/profiles', 'openspec openspec/specs/cli-interface openspec/specs/profiles']);
    // With .specify/, or without OpenSpec, as before: every `specs/<name>/` with a spec.md.
    expect(surveyKits(testdir({ ...files, '.specify/memory/constitution.md': '# Constitution\n' })).map((k) => k.kit)).toEqual(['speckit', 'openspec']);
    expect(surveyKits(testdir({ 'specs/cli-interface/spec.md': '# CLI\n' })).map((k) => k.kit)).toEqual(['speckit']);
  });
});

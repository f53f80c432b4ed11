/**
 * Forms a twenty-fifth round of public repositories wrote, judged by hand on 8597bbd before
 * anything was changed for them (91 reference findings, 10 false); each case is modelled on the
 * lines quoted, its items and references worked out by hand:
 * - archway-tsune/speckit-demo at 69ac9bf: a list with the prefix written once and its commas glued,
 *   `(AC-1,2,3,4,5, FR-001,003,004,005)` (specs/001-catalog-browse/tasks.md line 80; 15 such lines,
 *   read as their first id: 9 false COVERAGE_MISSING);
 * - lbiceman/canvasTable at aab2cb5: `- _覆盖全部需求：1.1-1.7, 2.1-2.8, 3.1-3.8, 4.1-4.7_` ("covers all
 *   requirements", .kiro/specs/performance-optimization/tasks.md line 272: 1 false COVERAGE_MISSING), and
 *   tasks named in words after their box, `- [x] 任务 1: 实现财务函数（PMT/FV/PV/NPV/IRR/NPER/RATE）`
 *   (.kiro/specs/todo-all-priorities/tasks.md: 15 tasks unread);
 * - zawawa34/family-app at cfb8e8a: `_要件: 10全体, 1全体_` ("all of requirements 10 and 1",
 *   .kiro/specs/user-authentication/tasks.md line 220: dropped, no finding there because each criterion
 *   was cited by number too).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { requirementIds } from '../../../../src/core/parse/kits/speckit-ids.js';
import { testdir } from '../../../helpers/testdir.js';

const idsIn = (text: string): string[] => [...requirementIds(text)].flatMap((written) => written.ids);

describe('forms of a twenty-fifth round', () => {
  it('Spec Kit: `FR-001,003,004,005` (commas glued) names four requirements; `FR-025, 3 経路` one', () => {
    expect(idsIn('(AC-1,2,3,4,5, FR-001,003,004,005)。テスト対象')).toEqual(['FR-001', 'FR-003', 'FR-004', 'FR-005']);
    expect(idsIn('FR-8,9,12 | 保护资金安全')).toEqual(['FR-8', 'FR-9', 'FR-12']);
    expect(idsIn('FR-025, 3 経路統一)')).toEqual(['FR-025']);
    expect(idsIn('FR-001,3 は')).toEqual(['FR-001']);
    expect(idsIn('FR-001,2.5')).toEqual(['FR-001']);
    const spec = ['- **FR-001**: a', '- **FR-002**: b', '- **FR-003**: c', ''].join('\n');
    const tasks = '- [x] T009 [P] [US1] `usecase.test.ts` を作成 (AC-1,2,3, FR-001,003)。\n- [ ] T010 Build (FR-002)\n';
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-catalog/spec.md': spec, 'specs/001-catalog/tasks.md': tasks }));
    expect(ws.relationsOut.get('001-catalog/T009')!.map((edge) => edge.id)).toEqual(['001-catalog/FR-001', '001-catalog/FR-003']);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING' || d.code === 'LINK_BROKEN')).toEqual([]);
  });

  it('Kiro: `_覆盖全部需求：1.1-1.2_` cites, `- [x] 任务 1: …` and `- [ ] Task 2: …` are tasks 1 and 2, `_要件: 2全体_` cites all of requirement 2', () => {
    const requirements = [
      '# Requirements', // 1
      '', // 2
      '### Requirement 1: Speed', // 3
      '', // 4
      '#### Acceptance Criteria', // 5
      '', // 6
      '1. WHEN a sheet opens THEN THE grid SHALL draw within 1 s', // 7
      '2. WHEN a sheet scrolls THEN THE grid SHALL keep 60 fps', // 8
      '', // 9
      '### Requirement 2: Sign in', // 10
      '', // 11
      '#### Acceptance Criteria', // 12
      '', // 13
      '1. WHEN a user signs in THEN THE app SHALL open', // 14
      '',
    ].join('\n');
    const tasks = [
      '# 任务列表', // 1
      '', // 2
      '- [x] 任务 1: 实现财务函数（PMT/FV/PV/NPV/IRR/NPER/RATE）', // 3
      '  - _覆盖全部需求：1.1-1.2_', // 4
      '- [ ] Task 2: Build the sign-in E2E test', // 5
      '  - _要件: 2全体_', // 6
      '- [ ] Task 3 is left for later', // 7
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/grid/requirements.md': requirements, '.kiro/specs/grid/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.title, n.status])).toEqual([
      ['grid/T1', '实现财务函数（PMT/FV/PV/NPV/IRR/NPER/RATE）', 'done'],
      ['grid/T2', 'Build the sign-in E2E test', 'todo'],
    ]);
    expect(ws.relationsOut.get('grid/T1')!.map((edge) => edge.id)).toEqual(['grid/R1.1', 'grid/R1.2']);
    expect(ws.relationsOut.get('grid/T2')!.map((edge) => edge.id)).toEqual(['grid/R2']);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING' || d.code === 'LINK_BROKEN')).toEqual([]);
  });
});

describe('a review of the twenty-fifth round’s change', () => {
  // Modelled on Angus1976/superinsight1225 at the twentieth round's commit (.kiro/specs/new/frontend-management/tasks.md
  // lines 44-47 and 650-652): tasks as headings with their dependencies, then a summary of them as boxes.
  it('Kiro: boxes `- [x] Task 1.1: … - JWT authentication working` under a summary are no tasks where the tasks are headings', () => {
    const tasks = [
      '### Task 1.1: 扩展现有认证系统', // 1
      '**Dependencies**: none', // 2
      '', // 3
      '### Task 1.2: 创建租户和工作空间切换器', // 4
      '**Dependencies**: Task 1.1', // 5
      '', // 6
      '### 📊 Implementation Summary', // 7
      '- [x] Task 1.1: 扩展现有认证系统 - JWT authentication working', // 8
      '- [x] Task 1.2: 创建租户和工作空间切换器 - Multi-tenant support active', // 9
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/fm/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.item!.line])).toEqual([
      ['fm/T1.1', 1],
      ['fm/T1.2', 4],
    ]);
    expect(ws.nodes.get('fm/T1.2')!.dependsOn).toContain('fm/T1.1');
  });

  it('Kiro: `Task N:` boxes are steps under a numbered task, a summary after numbered tasks, steps under a numbered heading', () => {
    const steps = ['- [ ] 1. Set up login', '  - [ ] Task 1: write the form', '  - [ ] Task 2: wire the API', '  - _Requirements: 1.1_', '- [ ] 2. Set up logout', '  - _Requirements: 2.1_', ''].join('\n');
    const summary = ['- [ ] 1. Set up login', '- [ ] 2. Set up logout', '', '## Progress', '', '- [x] Task 1: Set up login', '- [ ] Task 2: Set up logout', ''].join('\n');
    const headings = ['### 1.1 Create login form', '- [ ] write the form', '- [ ] Task 2: add validation', '- _Requirements: 1.1_', '### 1.2 Create logout', '- [ ] add the button', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/a/tasks.md': steps, '.kiro/specs/b/tasks.md': summary, '.kiro/specs/c/tasks.md': headings }));
    const tasks = (scope: string) => [...ws.nodes.values()].filter((n) => n.type === 'task' && n.id.startsWith(scope)).map((n) => [n.id, n.title]);
    expect(tasks('a/')).toEqual([['a/T1', 'Set up login'], ['a/T2', 'Set up logout']]);
    expect(tasks('b/')).toEqual([['b/T1', 'Set up login'], ['b/T2', 'Set up logout']]);
    expect(tasks('c/')).toEqual([['c/T1.1', 'Create login form'], ['c/T1.2', 'Create logout']]);
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE')).toEqual([]);
  });

  it('Spec Kit: after a number of several digits a comma list’s parts are as wide (`FR-100,2 formats` is FR-100)', () => {
    expect(idsIn('(FR-100,2 formats)')).toEqual(['FR-100']);
    expect(idsIn('FR-10,11')).toEqual(['FR-10', 'FR-11']);
  });
});

/**
 * Forms a twentieth round of public repositories wrote, judged by hand on a1a797d before anything
 * was changed for them; each case is modelled on the lines quoted, its items and references worked
 * out by hand:
 * - studyzy/save-token-kit at 3fd57ff: Spec Kit requirements written as headings with a space after
 *   the id, `### FR-4 子 Agent 按对象存在性条件启动` (specs/002-stk-analyze-rebuild/spec.md lines 74-170:
 *   8 requirements unread, so task T030's `FR-4` was a false LINK_BROKEN, tasks.md line 134), and
 *   Chinese stories without the dash, `### 用户故事 1 完整跑通"诊断 → 分析 → 待办"链路 (优先级: P1)`
 *   (the same spec.md line 10; specs/003-rewrite-optimize-skill/spec.md line 10 brackets the
 *   title: `### 用户故事 1 [分级筛选后执行优化] (优先级: P1)`): 10 stories unread, 39 `[USn]` naming nothing.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { numberList } from '../../../../src/core/parse/kits/number-list.js';
import { testdir } from '../../../helpers/testdir.js';

/*
 * The round's Kiro half (judged on a1a797d: 167 reference findings, 82 false; 70 of them from the
 * forms below), each modelled on the quoted lines:
 * - Brunobiu/FreteGOBR at 102cc7f: `- _Refs: Requirements 3.1, 3.2; Design Decision 1_` and
 *   `- _Refs: Requisito 12.1, 13.1, 13.2_` (327 lines of its tasks.md files), `_Refs: Bugs 3, 6_`
 *   (.kiro/specs/schema-alignment-fixes/tasks.md line 51: bugs, not requirements); a bugfix spec in
 *   Portuguese, `2.13 QUANDO o admin acessa o painel … ENTÃO o sistema DEVE …` (bugfix.md line 140: no
 *   clause read); requirements as `### R1 — Repositório espelhado` over `- R1.1 — O sistema DEVE …`,
 *   cited `_Requisitos: R1.1, R1.2_` (.kiro/specs/disaster-recovery/requirements.md lines 31-44);
 * - Angus1976/superinsight1225 at e2b8584: `- _需求 2.5: 通知审核_`, `- _需求 10.3, 11.3: AI 学习触发_`,
 *   `- _需求 1-10: 所有需求_` (the numbers before the colon, their title after it: .kiro/specs/
 *   ai-annotation/tasks.md lines 62, 290), and `**关联需求**: Requirement 4 (CPU 核心数控制)` under
 *   `## Task 5:` (.kiro/specs/license-management/tasks.md line 107);
 * - joocy75-hash/holholhol at 486c4c3: `- _Requirements: 2.1~2.5_` and `7.x, 8.x`
 *   (.kiro/specs/holdem-e2e-tests/tasks.md lines 34, 47), tasks numbered `11-1.` and `11-1.1` (line
 *   207), and a tasks.md whose every task opens with its part's capital, `- [ ] A1. 메트릭 수집 서비스
 *   완성`, `- [ ] A1.1 …` (.kiro/specs/backend-admin-upgrade/tasks.md lines 11-12: 91 tasks unread).
 */
describe('Kiro as a twentieth round writes it', () => {
  const requirements = (n: number, criteria: number): string =>
    Array.from({ length: n }, (_, r) => [`### Requirement ${r + 1}: R${r + 1}`, '#### Acceptance Criteria', ...Array.from({ length: criteria }, (_, c) => `${c + 1}. WHEN x THEN the system SHALL y${c + 1}`), ''].join('\n')).join('\n');
  const load = (tasks: string, extra: Record<string, string> = {}) =>
    loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/f/requirements.md': requirements(13, 5), '.kiro/specs/f/tasks.md': tasks, ...extra }));
  const cites = (ws: ReturnType<typeof loadWorkspace>, id: string): string[] =>
    (ws.relationsOut.get(`f/${id}`) ?? []).filter((e) => e.relation === 'implements').map((e) => e.id.slice(2));

  it('`_Refs: Requirements 3.1, 3.2; Design Decision 1_` and `_Refs: Requisito 12.1, 13.1_` cite; `_Refs: Bugs 3, 6_` does not', () => {
    const ws = load(['- [ ] 1. Mapa', '  - _Refs: Requirements 3.1, 3.2; Design Decision 1_', '- [ ] 2. Governança', '  - _Refs: Requisito 12.1, 13.1, 13.2_', '- [ ] 3. Migração', '  - _Refs: Bugs 3, 6_', ''].join('\n'));
    expect(cites(ws, 'T1')).toEqual(['R3.1', 'R3.2']);
    expect(cites(ws, 'T2')).toEqual(['R12.1', 'R13.1', 'R13.2']);
    expect(cites(ws, 'T3')).toEqual([]);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
  });

  it('`_需求 2.5: 通知审核_`, `_需求 10.3, 11.3: …_`, `_需求 1-3: 所有需求_`: the numbers before the colon; `**关联需求**: Requirement 4 (…)`', () => {
    const ws = load(['- [ ] 1. 通知', '  - _需求 2.5: 通知审核_', '- [ ] 2. 学习', '  - _需求 10.3, 11.3: AI 学习触发和样本数量验证_', '- [ ] 3. 全部', '  - _需求 1-3: 所有需求_', '- [ ] 4. 资源', '  - **关联需求**: Requirement 4 (CPU 核心数控制)', ''].join('\n'));
    expect(cites(ws, 'T1')).toEqual(['R2.5']);
    expect(cites(ws, 'T2')).toEqual(['R10.3', 'R11.3']);
    expect(cites(ws, 'T3')).toEqual(['R1', 'R2', 'R3']);
    expect(cites(ws, 'T4')).toEqual(['R4']);
  });

  it('`_Requirements: 2.1~2.5_` is a range, `7.x` all of requirement 7', () => {
    const ws = load(['- [ ] 1. 사이드 팟', '  - _Requirements: 2.1~2.5_', '- [ ] 2. 전체', '  - _Requirements: 7.x, 8.x_', ''].join('\n'));
    expect(cites(ws, 'T1')).toEqual(['R2.1', 'R2.2', 'R2.3', 'R2.4', 'R2.5']);
    expect(cites(ws, 'T2')).toEqual(['R7', 'R8']);
  });

  it('tasks `11-1.` and `11-1.1` (inserted after 11), and a file whose tasks open with a capital (`A1.`, `A1.1`)', () => {
    const ws = load(['- [x] 11. 사이드 팟', '- [x] 11-1. 플레이어 이탈 테스트', '  - [x] 11-1.1 핸드 중 나가기 테스트', '    - _Requirements: 8.2_', ''].join('\n'), {
      '.kiro/specs/g/tasks.md': ['## Part A', '- [ ] A1. 메트릭 수집 서비스 완성', '  - [ ] A1.1 CCU/DAU 집계 서비스 구현', '  - [ ] A1.2 방/플레이어 통계 서비스 구현', '- [ ] B1. 관리자', ''].join('\n'),
    });
    expect([...ws.nodes.keys()].filter((id) => /^f\/T11/.test(id))).toEqual(['f/T11', 'f/T11-1', 'f/T11-1.1']);
    expect(ws.relationsOut.get('f/T11-1.1')).toEqual([
      { relation: 'implements', id: 'f/R8.2' },
      { relation: 'refines', id: 'f/T11-1' },
    ]);
    expect([...ws.nodes.keys()].filter((id) => id.startsWith('g/') && ws.nodes.get(id)!.type === 'task')).toEqual(['g/A1', 'g/A1.1', 'g/A1.2', 'g/B1']);
    expect(ws.relationsOut.get('g/A1.1')).toEqual([{ relation: 'refines', id: 'g/A1' }]);
  });

  it('a bugfix spec in Portuguese: `2.13 QUANDO … ENTÃO o sistema DEVE …` is clause R2.13', () => {
    const bugfix = ['# Bugfix Requirements Document', '', '### Expected Behavior (Correct)', '', '**Correção Bug 13 — Admin enxerga documentos**', '', '2.13 QUANDO o admin acessa o painel para aprovar documentos ENTÃO o sistema DEVE permitir SELECT', '', '2.14 Nota: esta linha não é uma cláusula', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/b/bugfix.md': bugfix, '.kiro/specs/b/tasks.md': '- [ ] 1. Política\n  - _Requirements: 2.13_\n' }));
    expect(ws.nodes.has('b/R2.13')).toBe(true);
    expect(ws.nodes.has('b/R2.14')).toBe(false);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
  });

  it('requirements `### R1 — Title` over `- R1.1 — O sistema DEVE …`, cited `_Requisitos: R1.1_`', () => {
    const req = ['## Requisitos (EARS)', '', '### R1 — Repositório espelhado (mirror)', '', '- R1.1 — O sistema DEVE manter uma cópia espelhada do repositório Git', '- R1.2 — QUANDO um push for feito ENTÃO o sistema DEVE espelhar', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/dr/requirements.md': req, '.kiro/specs/dr/tasks.md': '- [ ] 1. Mirror\n  - _Requisitos: R1.1, R1.2_\n' }));
    expect(['dr/R1', 'dr/R1.1', 'dr/R1.2'].map((id) => ws.nodes.get(id)?.type)).toEqual(['requirement', 'acceptance-criterion', 'acceptance-criterion']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'COVERAGE_MISSING')).toEqual([]);
  });

  it('numbers after a word of prose are its own until a label word or a dotted number (`Bugs 1, 2`, `Property 13, 14`)', () => {
    expect(numberList('Bugs 1, 2, 3, 4, 6').numbers).toEqual([]);
    expect(numberList('Property 13, 14').numbers).toEqual([]);
    expect(numberList('Bugs 1, 2; Requirements 2.1, 3').numbers).toEqual(['2.1', '3']);
    expect(numberList('Property 13, Task 0, 2.1').numbers).toEqual(['2.1']);
    expect(numberList('Validation of step 3 (1.2, 2.1)').numbers).toEqual(['1.2', '2.1']);
  });
});

const SPEC = [
  '# 功能规格说明', // 1
  '', // 2
  '### 用户故事 1 完整跑通"诊断 → 分析 → 待办"链路 (优先级: P1)', // 3
  '', // 4
  '用户执行 `/stk-analyze`。', // 5
  '', // 6
  '### 用户故事 2 [分级筛选后执行优化] (优先级: P2)', // 7
  '', // 8
  '## 功能需求', // 9
  '', // 10
  '### FR-3 仓库代码与文档采集', // 11
  '', // 12
  '扫描时排除 `node_modules`。', // 13
  '', // 14
  '### FR-4 子 Agent 按对象存在性条件启动', // 15
  '', // 16
  'SKILL 必须按诊断报告内容决定派发哪些子 Agent。', // 17
  '', // 18
  '### FR-5 to FR-7 其余需求', // 19
  '', // 20
].join('\n');
const TASKS = [
  '# 任务', // 1
  '', // 2
  '- [X] T029 [P] [US1] 编写断言：子 Agent 启动条件', // 3
  '- [X] T030 [P] [US2] 编写断言：FR-4 表格 8 行与 data-model.md 子 Agent 映射表一致', // 4
  '- [ ] T031 [US1] 实现 FR-3 的扫描', // 5
  '',
].join('\n');

describe('Spec Kit as save-token-kit writes it', () => {
  const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/002-stk/spec.md': SPEC, 'specs/002-stk/tasks.md': TASKS }));
  const items = [...ws.nodes.values()].filter((node) => node.item !== undefined && node.path.endsWith('spec.md')).map((node) => `${node.id} ${node.type} ${node.item!.line} ${node.title}`);

  it('`### FR-4 子 Agent …` (a space after the id) is requirement FR-4; a heading of a range is none', () => {
    expect(items.filter((item) => item.includes('/FR-'))).toEqual(['002-stk/FR-3 functional-requirement 11 仓库代码与文档采集', '002-stk/FR-4 functional-requirement 15 子 Agent 按对象存在性条件启动']);
    expect(ws.relationsOut.get('002-stk/T030')).toEqual([
      { relation: 'implements', id: '002-stk/FR-4' },
      { relation: 'implements', id: '002-stk/US2' },
    ]);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
  });

  it('`### 用户故事 1 完整跑通… (优先级: P1)` (no dash) is story US1; a bracketed title is unwrapped', () => {
    expect(items.filter((item) => item.includes('/US'))).toEqual(['002-stk/US1 user-story 3 完整跑通"诊断 → 分析 → 待办"链路', '002-stk/US2 user-story 7 分级筛选后执行优化']);
    expect(ws.relationsOut.get('002-stk/T029')).toEqual([{ relation: 'implements', id: '002-stk/US1' }]);
  });

  it('a heading whose words hold a number is no story without the priority (`### OAuth 2 flow`), nor a requirement without an id first', () => {
    const other = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/003-x/spec.md': '### OAuth 2 flow\n\n### Edge cases (FR-1)\n', 'specs/003-x/tasks.md': '- [ ] T001 Build it\n' }));
    expect([...other.nodes.values()].filter((node) => node.item !== undefined && node.path.endsWith('spec.md'))).toEqual([]);
  });
});

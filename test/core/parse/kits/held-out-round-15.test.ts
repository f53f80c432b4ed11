/**
 * Forms a fifteenth round of public repositories wrote, judged by hand on b2aa65e before anything
 * was changed for them; each case is modelled on the lines quoted, its items and references worked
 * out by hand:
 * - chenchiyuan/crypto_exchange_news_crawler at 8d154ec: a tasks.md's "Success Criteria Mapping"
 *   table (specs/001-short-grid-screening/tasks.md lines 497-510: `| SC-003: Top 5满足筛选条件 |
 *   T041, T047, T053 | 端到端测试验证 |`) names the tasks that implement each criterion; 7
 *   COVERAGE_MISSING said nothing implements them;
 * - phan-tuan-thanh/mpm at 9f1e97e: Kiro's bugfix spec, `1.1 WHEN … THEN …` clauses under
 *   `### Current Behavior (Defect)` (.kiro/specs/project-settings-tab-ui-consistency/bugfix.md lines
 *   17-35), cited by `_Requirements: 1.1, 1.2, 2.1, 2.2_` (tasks.md line 31): 32 LINK_BROKEN; and a
 *   template folder `.kiro/specs/.template/` (3 ID_INVALID);
 * - yeemio/owlclaw at 0fb79df: `#### Requirement 13: Python AST 解析器` with `#### Acceptance Criteria`
 *   at its own level (.kiro/specs/cli-scan/requirements.md lines 201-210: 24 LINK_BROKEN), and
 *   `### Task 1-ext: SkillDescriptor 扩展` beside `### Task 1:` (.kiro/specs/skill-dx/tasks.md lines
 *   11, 55: 2 ID_DUPLICATE), and boxes that name their task in bold words, `- [x] **Task 0**：CLI
 *   基础设施（若尚未存在）` (.kiro/specs/cli-skill/tasks.md lines 19-24, ten features), none of them read.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { readKitFile } from '../../../../src/core/parse/kits/read-kit.js';
import { kitPlaceOf } from '../../../../src/core/read/kit-paths.js';
import { testdir } from '../../../helpers/testdir.js';

const SPEC = ['# 短网格筛选', '', '## Success Criteria', '', '- **SC-003**: Top 5 标的均满足筛选条件', '- **SC-004**: API 成功率 ≥ 99%', '- **SC-010**: Z-Score 识别准确', ''].join('\n');
const TASKS = [
  '# Tasks',
  '',
  '- [ ] T018 实现 API 客户端',
  '- [ ] T019 实现重试',
  '- [ ] T031 实现 Z-Score',
  '- [ ] T041 输出 Top 5',
  '- [ ] T048 单元测试',
  '',
  '## Success Criteria Mapping',
  '',
  '| Success Criteria | 相关任务 | 验证方式 |',
  '|-----------------|---------|---------|',
  '| SC-003: Top 5满足筛选条件 | T041 | 端到端测试验证 |',
  '| SC-004: API成功率≥99% | T018-T019 | 集成测试+重试机制 |',
  '| SC-010: Z-Score识别准确性 | T031, T048 | 单元测试验证 |',
  '',
  '```markdown',
  '| SC-003 | T048 |',
  '```',
  '',
].join('\n');

describe('Spec Kit as a fifteenth round writes it', () => {
  it('a mapping table names the tasks that implement each criterion (crypto_exchange_news_crawler)', () => {
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-short-grid-screening/spec.md': SPEC, 'specs/001-short-grid-screening/tasks.md': TASKS }));
    const implementsOf = (task: string) => (ws.relationsOut.get(`001-short-grid-screening/${task}`) ?? []).filter((e) => e.relation === 'implements').map((e) => e.id.slice(e.id.indexOf('/') + 1));
    expect(implementsOf('T041')).toEqual(['SC-003']);
    // A range of tasks (`T018-T019`), and two tasks in one cell.
    expect(implementsOf('T018')).toEqual(['SC-004']);
    expect(implementsOf('T019')).toEqual(['SC-004']);
    expect(implementsOf('T031')).toEqual(['SC-010']);
    // The row inside a fence is none: T048 implements SC-010 only.
    expect(implementsOf('T048')).toEqual(['SC-010']);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING' || d.code === 'LINK_BROKEN')).toEqual([]);
  });

  it('a table the other way round (task, then requirements) reads the same; a header or a row of prose names nothing', () => {
    const tasks = ['- [ ] T041 输出 Top 5', '- [ ] T048 单元测试', '', '| Task | Criteria |', '|---|---|', '| T041 | SC-003, SC-010 |', '| T048 | see the notes on T041 and SC-003 |', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-x/spec.md': SPEC, 'specs/001-x/tasks.md': tasks }));
    expect((ws.relationsOut.get('001-x/T041') ?? []).map((e) => `${e.relation} ${e.id}`)).toEqual(['implements 001-x/SC-003', 'implements 001-x/SC-010']);
    expect(ws.relationsOut.get('001-x/T048') ?? []).toEqual([]);
  });
});

const kiro = (path: string, text: string) => readKitFile(text, 1, kitPlaceOf(path, ['kiro'])!).read.items.map((i) => `${i.id} ${i.type} ${i.line}-${i.end}${i.refs.length === 0 ? '' : ` ${i.refs.map((r) => `${r.relation}:${r.id.slice(r.id.indexOf('/') + 1)}`).join(',')}`}`);

describe('Kiro as a fifteenth round writes it', () => {
  const BUGFIX = [
    '# Bugfix Requirements Document', // 1
    '', // 2
    '## Bug Analysis', // 3
    '', // 4
    '### Current Behavior (Defect)', // 5
    '', // 6
    '1.1 WHEN người dùng mở một tab con có khối tiêu đề THEN hệ thống hiển thị lại tiêu đề', // 7
    '', // 8
    '1.2 WHEN người dùng chuyển qua lại giữa các tab con THEN spacing không đồng nhất', // 9
    '', // 10
    '### Expected Behavior (Correct)', // 11
    '', // 12
    '2.1 WHEN người dùng mở một tab con THEN hệ thống SHALL không hiển thị khối tiêu đề lặp lại', // 13
    '', // 14
    '### Unchanged Behavior (Regression Prevention)', // 15
    '', // 16
    '3.1 WHEN một tab con chứa các điều khiển hành động THEN hệ thống SHALL CONTINUE TO giữ chúng', // 17
    '',
  ].join('\n');

  it('a bugfix spec\'s clauses are criteria of their heading\'s requirement, as its tasks cite them (mpm)', () => {
    expect(kiro('.kiro/specs/tab-ui/bugfix.md', BUGFIX)).toEqual([
      'tab-ui/R1 requirement 5-5',
      'tab-ui/R1.1 acceptance-criterion 7-7 refines:R1',
      'tab-ui/R1.2 acceptance-criterion 9-9 refines:R1',
      'tab-ui/R2 requirement 11-11',
      'tab-ui/R2.1 acceptance-criterion 13-13 refines:R2',
      'tab-ui/R3 requirement 15-15',
      'tab-ui/R3.1 acceptance-criterion 17-17 refines:R3',
    ]);
    const ws = loadWorkspace(
      testdir({
        'docugraph.yml': 'kits: [kiro]\n',
        '.kiro/specs/tab-ui/bugfix.md': BUGFIX,
        '.kiro/specs/tab-ui/tasks.md': '- [x] 1. Viết test khám phá bug condition\n  - _Requirements: 1.1, 1.2, 2.1_\n- [x] 2. Viết test Preservation\n  - _Requirements: 3.1_\n',
        '.kiro/specs/.template/requirements.md': '---\nspecName: FEATURE_NAME\n---\n### Requirement 1: [Name]\n',
      }),
    );
    expect(ws.diagnostics.filter((d) => ['LINK_BROKEN', 'ID_INVALID', 'COVERAGE_MISSING'].includes(d.code))).toEqual([]);
    expect([...ws.nodes.keys()].filter((id) => id.includes('template'))).toEqual([]);
  });

  it('`#### Acceptance Criteria` at the level of `#### Requirement 13:` holds its criteria (owlclaw)', () => {
    const text = ['#### Requirement 13: Python AST 解析器', '', '**User Story:** 作为工具开发者，我需要可靠的 Python AST 解析器', '', '#### Acceptance Criteria', '', '1. WHEN 提供有效的 Python 源文件，THE Parser SHALL 解析为 AST', '2. WHEN 提供无效的 Python 源文件，THE Parser SHALL 返回描述性错误消息', '', '#### Requirement 14: 序列化器', '', '#### Acceptance Criteria', '', '1. THE Serializer SHALL 输出 JSON', ''].join('\n');
    expect(kiro('.kiro/specs/cli-scan/requirements.md', text)).toEqual([
      'cli-scan/R13 requirement 1-3',
      'cli-scan/R13.1 acceptance-criterion 7-7 refines:R13',
      'cli-scan/R13.2 acceptance-criterion 8-8 refines:R13',
      'cli-scan/R14 requirement 10-10',
      'cli-scan/R14.1 acceptance-criterion 14-14 refines:R14',
    ]);
  });

  it('`### Task 1-ext:` is task T1-ext, not a second T1 (owlclaw)', () => {
    const text = ['### Task 1: SkillDescriptor 数据结构统一', '', '- [x] 1.1 审查现有 `SkillDescriptor` 数据结构', '', '### Task 1-ext: SkillDescriptor 扩展', '', '- [x] 1.5 增加 `resolved_tools` 字段', '', '### Task 2 - Cache', ''].join('\n');
    expect(kiro('.kiro/specs/skill-dx/tasks.md', text)).toEqual(['skill-dx/T1 task 1-1', 'skill-dx/T1.1 task 3-3 refines:T1', 'skill-dx/T1-ext task 5-5', 'skill-dx/T1.5 task 7-7 refines:T1', 'skill-dx/T2 task 9-9']);
  });

  it('`- [x] **Task 0**：Title` names its task in bold words: T0, T1, and a numbered sub-task under one (owlclaw)', () => {
    const text = ['- [x] **Task 0**：CLI 基础设施（若尚未存在）', '  - 确保 `owlclaw --help` 可运行', '', '- [ ] **Task 1**: 注册 skill 子命令组', '  - [ ] 1.1 创建 `skill_app`', '  - _Requirements: 1.2_', ''].join('\n');
    expect(kiro('.kiro/specs/cli-skill/tasks.md', text)).toEqual(['cli-skill/T0 task 1-2', 'cli-skill/T1 task 4-4 implements:R1.2', 'cli-skill/T1.1 task 5-5 refines:T1']);
  });
});

describe('a review of the fifteenth round\'s forms', () => {
  it('a bugfix spec\'s clause is written in EARS words: a wrapped line of prose that starts with `1.5` is none', () => {
    const text = ['## Introduction', '', 'The default timeout is', '1.5 seconds which is too short for slow networks.', '', '### Current Behavior (Defect)', '', '1.1 WHEN the network is slow THEN the login fails', '', '## Notes', '', 'Tested on version', '4.2 of the app and', '1.1 of the SDK.', ''].join('\n');
    expect(kiro('.kiro/specs/fix-login/bugfix.md', text)).toEqual(['fix-login/R1 requirement 6-6', 'fix-login/R1.1 acceptance-criterion 8-8 refines:R1']);
  });

  it('a mapping row that names a requirement the spec does not have is LINK_BROKEN, as an arrow line is', () => {
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-x/spec.md': '- **FR-001**: Sign in\n', 'specs/001-x/tasks.md': '- [ ] T001 Sign in\n\n| Req | Tasks |\n|---|---|\n| FR-001 | T001 |\n| FR-009 | T001 |\n' }));
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => `${d.line} ${d.message.slice(0, 40)}`)).toEqual(['6 001-x/T001 implements `001-x/FR-009` (wr']);
  });

  it('a row inside an HTML comment, or a cell of words, names no task; a task in many rows keeps every reference', () => {
    const rows = Array.from({ length: 25 }, (_, k) => `| FR-${String(k + 1).padStart(3, '0')} | T010 |`);
    const spec = Array.from({ length: 25 }, (_, k) => `- **FR-${String(k + 1).padStart(3, '0')}**: Requirement ${k + 1}`).join('\n');
    const tasks = ['- [ ] T002 Two', '- [ ] T003 Three', '- [ ] T010 E2E tests', '', '<!--', '| FR-001 | T002 |', '-->', '<!-- | FR-002 | T002 | -->', '| FR-003 | within 5s on T3 instances |', '', '| Req | Tasks |', '|---|---|', ...rows, ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-x/spec.md': `${spec}\n`, 'specs/001-x/tasks.md': tasks }));
    expect(ws.relationsOut.get('001-x/T002') ?? []).toEqual([]);
    expect(ws.relationsOut.get('001-x/T003') ?? []).toEqual([]);
    expect((ws.relationsOut.get('001-x/T010') ?? []).length).toBe(25);
    expect(ws.diagnostics.filter((d) => ['REFS_CAPPED', 'COVERAGE_MISSING'].includes(d.code))).toEqual([]);
  });

  it('a folder that holds only a design is an epic: its sub-folders are features', () => {
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/platform/design.md': '# Platform design\n', '.kiro/specs/platform/auth/requirements.md': '### Requirement 1: Sign in\n#### Acceptance Criteria\n1. WHEN a user signs in THEN the system SHALL check the password\n' }));
    expect(ws.nodes.has('platform/auth/R1.1')).toBe(true);
  });
});

describe('Spec Kit as a sixteenth round writes it', () => {
  // 13g7895123/crm-questionnaire at cb26ba2 (specs/003-crm-questionnaire/tasks.md lines 79-99) and
  // 13g7895123/free_youtube at ae775ff (specs/003-line-login-auth/tasks.md lines 172-174): tasks
  // inserted later with a capital letter, none read (12 tasks the hand counts found).
  it('`- [x] T019A [P] …` and `- [x] T071-A …` are tasks T019A and T071-A; `T00X` stays a placeholder', () => {
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/003-crm/tasks.md': '- [x] T019 [P] 建立 Composable\n- [x] T019A [P] 建立 useDepartments Composable 單元測試\n- [x] T071-A 實作軟刪除檢測邏輯 in Auth::lineCallback()\n' }));
    expect([...ws.nodes.keys()].filter((id) => id.startsWith('003-crm/T'))).toEqual(['003-crm/T019', '003-crm/T019A', '003-crm/T071-A']);
  });
});

describe('Kiro as a sixteenth round writes it', () => {
  // 71bk/kinsun.ai-product at 14115c7 (.kiro/specs/backend-authentication/tasks.md line 52): each
  // phase ends with `- [ ] 0.V Validation gate`; 11 such tasks were not read.
  it('`- [ ] 0.V Validation gate` is task T0.V, part of T0', () => {
    expect(kiro('.kiro/specs/backend-authentication/tasks.md', '- [ ] 0. Foundation\n- [ ] 0.1 Set up the schema\n- [ ] 0.V Validation gate\n- [ ] 1.Vote is prose\n')).toEqual([
      'backend-authentication/T0 task 1-1',
      'backend-authentication/T0.1 task 2-2 refines:T0',
      'backend-authentication/T0.V task 3-3 refines:T0',
    ]);
  });

  // satoshi256kbyte/trail-of-thorns at 70a3dd1 (.kiro/specs/4.1-unified-save-load-ui/tasks.md line 73): tasks numbered
  // with a colon after the number, `- [x] 4.1.1.1: SaveLoadSceneクラスの作成`; 116 tasks were not read (a seventeenth round).
  it('`- [x] 4.1.1.1: Title` is a task; a whole number with a colon (`- [ ] 1: create X`, a task\'s step) stays prose, as without its dot; `- [ ] 10:30 meeting` is none', () => {
    expect(kiro('.kiro/specs/save-load/tasks.md', '- [x] 4.1.1: SaveLoadScene\n- [x] 4.1.1.1: SaveLoadSceneクラスの作成\n  - [ ] 1: create X\n- [ ] 10:30 meeting\n')).toEqual([
      'save-load/T4.1.1 task 1-1',
      'save-load/T4.1.1.1 task 2-3 refines:T4.1.1',
    ]);
  });
});

describe('Kiro as an eighteenth round writes it', () => {
  // shintairiku/evaluation-system at 7bdcfc3 (.kiro/specs/admin-goals-user-centric/tasks.md line 580):
  // `**Dependencies:** Phase 1, 2 complete` named task 2 (4 false LINK_BROKEN).
  it('`**Dependencies:** Phase 1, 2 complete` names phases, no task; `**Dependencies**: Task 1.1` still does', () => {
    const text = ['- [ ] 1. Foundation', '- [ ] 3. Goals page', '  **Dependencies:** Phase 1, 2 complete', '- [ ] 4. Return comments', '  **Dependencies**: 1', ''].join('\n');
    expect(kiro('.kiro/specs/admin-goals/tasks.md', text)).toEqual(['admin-goals/T1 task 1-1', 'admin-goals/T3 task 2-3', 'admin-goals/T4 task 4-5 depends_on:T1']);
  });

  // zsyh27/excel_matching at e3e07fe (.kiro/specs/intelligent-feature-extraction/requirements.md lines 32-53, tasks.md line 77):
  // a requirements.md that numbers its sections (`## 2. 用户故事`, `### 2.2 技术参数提取`, `#### 3.2.4 规格提取`), each story's
  // `**验收标准**：` list under its section, cited `_需求: 2.2.1, 3.2.4_`: 50 false of the round's 54 (124 LINK_BROKEN there).
  it('a requirements.md numbering its sections: no requirement items; a task\'s `2.2.1` (a list item of 2.2) and `3.2.4` (a section) name them, `7.4` (none) is broken', () => {
    const requirements = ['# 需求文档', '', '## 2. 用户故事', '', '### 2.1 设备类型识别', '', '**验收标准**：', '1. 设备类型识别准确率 >85%', '2. 支持多种识别模式', '', '### 2.2 技术参数提取', '', '**验收标准**：', '1. 支持量程、输出信号、精度、规格等参数提取', '', '## 3. 功能需求', '', '### 3.2 参数提取器', '', '#### 3.2.4 规格提取', '', '提取规格。', ''].join('\n');
    const tasks = ['- [ ] 1. 参数提取', '  - _需求: 2.2.1, 3.2.4_', '- [ ] 2. 评分', '  - _需求: 2.1.2, 7.4_', ''].join('\n');
    expect(kiro('.kiro/specs/extraction/requirements.md', requirements)).toEqual([]);
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/extraction/requirements.md': requirements, '.kiro/specs/extraction/tasks.md': tasks }));
    expect(ws.diagnostics.filter((d) => ['LINK_BROKEN', 'COVERAGE_MISSING'].includes(d.code)).map((d) => `${d.code} ${d.line} ${d.message.slice(0, d.message.indexOf(' (written'))}`)).toEqual([
      'LINK_BROKEN 4 extraction/T2 implements `extraction/R7.4`',
    ]);
  });

  it('a review: a bare requirement whose criteria sit under its own criteria heading keeps them, its numbered sub-heading notwithstanding', () => {
    const text = ['### 1. Failure Detector Configuration', '#### 1.1 User Story', 'As an operator, I want X.', '#### Acceptance Criteria', '1. WHEN a THEN b', '2. WHEN c THEN d', '### 2. Heartbeat', '#### Acceptance Criteria', '1. WHEN e THEN f', ''].join('\n');
    expect(kiro('.kiro/specs/a/requirements.md', text).map((i) => i.split(' ')[0])).toEqual(['a/R1', 'a/R1.1', 'a/R1.2', 'a/R2', 'a/R2.1']);
  });

  it('a review: list items and headings inside a fence under a numbered section are none', () => {
    const requirements = ['## 2. 用户故事', '', '### 2.1 安装', '', '**验收标准**：', '1. 可以安装', '', '### 2.2 配置', '', '```', '1. step one', '2. step two', '# install', '```', '', '1. real item', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/x/requirements.md': requirements, '.kiro/specs/x/tasks.md': '- [ ] 1. One\n  - _需求: 2.1.1, 2.2.1, 2.2.2_\n' }));
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message.slice(0, d.message.indexOf(' (written')))).toEqual(['x/T1 implements `x/R2.2.2`']);
  });

  it('a review: what follows the phases a dependency names may name tasks', () => {
    const text = ['- [ ] 1. One', '- [ ] 2. Two', '- [ ] 3. Three', '  **Dependencies:** Phase 1 tasks 1.2, 2', '- [ ] 5. Five', '  - Depends on: phase 2 (task 2)', ''].join('\n');
    expect(kiro('.kiro/specs/p/tasks.md', text).filter((i) => i.includes('depends_on'))).toEqual(['p/T3 task 3-4 depends_on:T1.2,depends_on:T2', 'p/T5 task 5-6 depends_on:T2']);
  });
});


/**
 * Tasks a thirty-fifth round's hand count found and DocuGraph did not read (D-511):
 * - YILIXING/my-meeting-recording (3aa04a3e06216c0f68fe6bf6f941a26344c7042c), specs/001-core-functionality/tasks.md:
 *   101 tasks written as headings with no box anywhere, `### 1.1.1 [P] 创建项目目录结构` under `## 1.1 项目脚手架搭建`,
 *   each with `**依赖**: 1.1.2` (depends on) — the file gave no task, and `validate` only named it on stderr.
 * - maslennikov-ig/SkillTree (b47f088cee22dc3ddc3f78a9515923d01881df20), specs/002-telegram-bot-mvp/tasks.md lines 31–34:
 *   `- [X] P001 [EXECUTOR: MAIN] Analyze all tasks …`, a planning phase's four tasks before `T001`.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadWorkspace, writeTaskState } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

type Ws = ReturnType<typeof loadWorkspace>;
const tasksOf = (ws: Ws): string[] => [...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => n.id).sort();
const dependsOf = (ws: Ws, id: string): string[] => [...(ws.upstream.get(id) ?? [])];

const HEADING_TASKS = [
  '# Tasks 001: 任务列表',
  '',
  '## 任务说明',
  '',
  '- **[P]** 标记表示可并行执行的任务（无依赖关系）',
  '- **依赖关系**: 任务编号表示执行顺序，如 1.1.1 → 1.1.2 → 1.1.3',
  '',
  '# Phase 1: P0核心功能（Week 1-2）',
  '',
  '## 1.1 项目脚手架搭建',
  '',
  '### 1.1.1 [P] 创建项目目录结构',
  '**文件**: 创建目录结构',
  '**依赖**: 无',
  '**验证**: 目录结构存在',
  '',
  '### 1.1.2 [P] 创建 `pyproject.toml`',
  '**依赖**: 无',
  '',
  '### 1.1.3 [P] 创建 `Makefile`',
  '**依赖**: 1.1.2',
  '',
  '## 1.2 数据库Schema实现',
  '',
  '### 1.2.1 [TDD] 创建测试 `tests/integration/test_database.py`',
  '**依赖**: 1.1.3, 1.1.1',
  '**Status**: ✅ done',
  '',
].join('\n');

describe('tasks a thirty-fifth round found unread', () => {
  it('Spec Kit: a tasks.md with no box numbers its tasks in headings; the headings that hold them group them', () => {
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-core/spec.md': '# Spec\n', 'specs/001-core/tasks.md': HEADING_TASKS }));
    expect(tasksOf(ws)).toEqual(['001-core/T1.1.1', '001-core/T1.1.2', '001-core/T1.1.3', '001-core/T1.2.1']);
    const first = ws.nodes.get('001-core/T1.1.1')!;
    expect(first.title).toBe('创建项目目录结构');
    expect([first.item!.line, first.item!.end]).toEqual([12, 15]);
    // `**依赖**: 1.1.2` names task 1.1.2 of the file; `无` (none) names none.
    expect(dependsOf(ws, '001-core/T1.1.1')).toEqual([]);
    expect(dependsOf(ws, '001-core/T1.1.3')).toEqual(['001-core/T1.1.2']);
    expect(dependsOf(ws, '001-core/T1.2.1')).toEqual(['001-core/T1.1.1', '001-core/T1.1.3']);
    expect(ws.nodes.get('001-core/T1.2.1')!.item!.box).toBe('x');
    expect(ws.nodes.get('001-core/T1.1.3')!.item!.box).toBe(' ');
    // Done before what it waits for: said, quoting the line as written.
    expect(ws.diagnostics.map((d) => `${d.code} ${d.line}`)).toEqual(['STATUS_INCONSISTENT 26', 'STATUS_INCONSISTENT 26']);
    expect(ws.diagnostics[0]!.message).toContain('its `**依赖**: 1.1.3, 1.1.1` names `001-core/T1.1.1`');
  });

  it('Kiro: the same file in a feature folder gives the same tasks', () => {
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/core/requirements.md': '# Requirements\n', '.kiro/specs/core/tasks.md': HEADING_TASKS }));
    expect(tasksOf(ws)).toEqual(['core/T1.1.1', 'core/T1.1.2', 'core/T1.1.3', 'core/T1.2.1']);
  });

  it('numbered headings are no tasks in a file with a box, nor where they number sections only', () => {
    const boxed = ['# Tasks', '', '## 1.1 Setup', '', '### 1.1.1 Scaffold', '', '- [ ] T001 Create the folders', ''].join('\n');
    const sections = ['# Tasks', '', '## 1. Overview', '', 'What we build.', '', '## 2. Steps', '', 'Write the code.', ''].join('\n');
    for (const tasks of [boxed, sections]) {
      const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-core/spec.md': '# Spec\n', 'specs/001-core/tasks.md': tasks }));
      expect(tasksOf(ws)).toEqual(tasks === boxed ? ['001-core/T001'] : []);
    }
  });

  it('Spec Kit: `P001` beside `T001` is a task; boxes that only open with such a word keep their places', () => {
    const tasks = [
      '## Phase 0: Planning',
      '',
      '- [X] P001 [EXECUTOR: MAIN] Analyze all tasks and identify required agent types',
      '- [X] P002 [EXECUTOR: meta-agent-v3] Create missing agents',
      '',
      '## Phase 1: Setup',
      '',
      '- [ ] T001 [P] Create the bot package',
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/002-bot/spec.md': '# Spec\n', 'specs/002-bot/tasks.md': tasks }));
    expect(tasksOf(ws)).toEqual(['002-bot/P001', '002-bot/P002', '002-bot/T001']);
    expect(ws.nodes.get('002-bot/P001')!.title).toBe('[EXECUTOR: MAIN] Analyze all tasks and identify required agent types');
    expect(ws.nodes.get('002-bot/P001')!.item!.box).toBe('x');
    const alone = ['- [ ] X509 certificate rotation', '- [ ] Document the runbook', ''].join('\n');
    const other = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/003-tls/spec.md': '# Spec\n', 'specs/003-tls/tasks.md': alone }));
    expect(tasksOf(other)).toEqual(['003-tls/T#1', '003-tls/T#2']);
  });

  it('Spec Kit: a file whose tasks all open with another letter (`M001`…) reads them by their ids, beside a numbered list of steps', () => {
    // 15394730733/geektime-ai-bootcamp at 43714c6, specs/002-mysql-query/tasks.md (a forty-second round): 35 tasks M001–M035, none read.
    const tasks = [
      '## Phase M1: Setup & Dependencies (MySQL 支持基础设施)',
      '',
      '- [X] M001 添加 MySQL 驱动依赖到 w2/sth-db-query/backend/pyproject.toml（aiomysql>=0.2.0）',
      '- [X] M002 [P] 更新 .env.example 添加 MySQL 连接示例和说明',
      '- [ ] M003 [P] 验证本地 MySQL test_db 数据库可连接性',
      '  - [ ] H264 decoding',
      '',
      '## MySQL Implementation Strategy',
      '',
      '1. 完成 Phase M1: Setup',
      '2. **停止并验证**: 独立测试 MySQL User Story 1',
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/002-mysql-query/spec.md': '# Spec\n', 'specs/002-mysql-query/tasks.md': tasks }));
    expect(tasksOf(ws)).toEqual(['002-mysql-query/M001', '002-mysql-query/M002', '002-mysql-query/M003']);
    expect(ws.nodes.get('002-mysql-query/M002')!.title).toBe('更新 .env.example 添加 MySQL 连接示例和说明');
    expect([ws.nodes.get('002-mysql-query/M001')!.item!.box, ws.nodes.get('002-mysql-query/M003')!.item!.box]).toEqual(['x', ' ']);
    // Two such boxes are no team's letter: by their places, as before.
    const two = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/003-x/spec.md': '# Spec\n', 'specs/003-x/tasks.md': '- [ ] M001 Add the driver\n- [ ] M002 Update the env\n' }));
    expect(tasksOf(two)).toEqual(['003-x/T#1', '003-x/T#2']);
  });

  it("a checklist's `V001` beside unnumbered boxes, `A001` beside `### Task 1:` headings, `C001` under `### T001:` headings are not the file's tasks (a review)", () => {
    const speckit = (tasks: string): Ws => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-a/spec.md': '- **FR-001**: A\n- **FR-002**: B\n', 'specs/001-a/tasks.md': tasks }));
    const checklist = ['- [x] Implement the login endpoint (FR-001)', '- [x] Implement the logout endpoint (FR-002)', '', '## Verification', '', '- [ ] V001 Log in', '- [ ] V002 Log out', '- [ ] V003 Log in twice', ''].join('\n');
    expect(tasksOf(speckit(checklist))).toEqual(['001-a/T#1', '001-a/T#2', '001-a/T#3', '001-a/T#4', '001-a/T#5']);
    const headings = ['### Task 1: Login (FR-001)', '### Task 2: Logout (FR-002)', '', '## Review', '', '- [ ] A001 Check names', '- [ ] A002 Check tests', '- [ ] A003 Check docs', ''].join('\n');
    expect(tasksOf(speckit(headings))).toEqual(['001-a/T1', '001-a/T2']);
    const under = ['### T001: Login (FR-001)', '- [ ] C001 Accepts a password', '- [ ] C002 Refuses a wrong one', '### T002: Logout (FR-002)', '- [ ] C003 Ends the session', '- [ ] C004 Clears the cookie', ''].join('\n');
    const ws = speckit(under);
    expect(tasksOf(ws)).toEqual(['001-a/T001', '001-a/T002']);
    expect(ws.relationsOut.get('001-a/T001')!.map((e) => e.id)).toEqual(['001-a/FR-001']);
  });
});

describe('a review of D-511', () => {
  const speckit = (tasks: string): Ws => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-core/spec.md': '# Spec\n\n- **FR-001**: A\n', 'specs/001-core/tasks.md': tasks }));
  const kiro = (tasks: string): Ws => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/core/requirements.md': '# R\n', '.kiro/specs/core/tasks.md': tasks }));

  it('numbered headings inside a task heading are its parts, not tasks', () => {
    const ws = speckit(['### T001: Environment setup', '**Status**: ✅ done', '#### 1.1 Implementation notes', 'Implements FR-001.', '#### 1.2 Verification', 'Run it.', ''].join('\n'));
    expect(tasksOf(ws)).toEqual(['001-core/T001']);
    expect([ws.nodes.get('001-core/T001')!.item!.end, ws.nodes.get('001-core/T001')!.item!.box]).toEqual([6, 'x']);
    expect(ws.relationsOut.get('001-core/T001')!.map((e) => e.id)).toEqual(['001-core/FR-001']);
    expect(tasksOf(speckit(['## Task 1: Setup', '### 1.1 Context', '### 1.2 Acceptance criteria', ''].join('\n')))).toEqual(['001-core/T1']);
  });

  it("a dependency on a group's number is on each of its tasks; a version is no dependency", () => {
    const tasks = ['## 1.1 Setup', '### 1.1.1 Create folders', '**Dependencies**: Python 3.11, PostgreSQL 15.4', '### 1.1.2 Add packages', '**依赖**: fastapi>=0.110.0', '## 1.2 Core', '### 1.2.1 Create model', '**Dependencies**: 1.1', ''].join('\n');
    for (const [ws, scope] of [[speckit(tasks), '001-core'], [kiro(tasks), 'core']] as const) {
      expect(dependsOf(ws, `${scope}/T1.2.1`)).toEqual([`${scope}/T1.1.1`, `${scope}/T1.1.2`]);
      expect(dependsOf(ws, `${scope}/T1.1.1`)).toEqual([]);
      expect(dependsOf(ws, `${scope}/T1.1.2`)).toEqual([]);
      expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
    }
  });

  it('a heading numbered before a colon, `、` or a dash is a task, its title after them', () => {
    const ws = speckit(['## 1.1 Setup', '### 1.1.1: Create folders', '### 1.1.2 - Create config', '### 1.1.3、写配置', '**Depends on**: 1.1.1', ''].join('\n'));
    expect(tasksOf(ws)).toEqual(['001-core/T1.1.1', '001-core/T1.1.2', '001-core/T1.1.3']);
    expect(['001-core/T1.1.1', '001-core/T1.1.2', '001-core/T1.1.3'].map((id) => ws.nodes.get(id)!.title)).toEqual(['Create folders', 'Create config', '写配置']);
    expect(dependsOf(ws, '001-core/T1.1.3')).toEqual(['001-core/T1.1.1']);
  });

  it('a box that opens with another letter and three digits is a task only at the top, two of its letter or more, beside `T` ids', () => {
    const ws = speckit(['- [x] T001 Set up TLS', '  - [ ] X509 certificate rotation', '  - [x] Renew root CA', '- [ ] T002 Add video pipeline', '  - [ ] H264 decoding', '- [ ] R001 reviewed by security', ''].join('\n'));
    expect(tasksOf(ws)).toEqual(['001-core/T001', '001-core/T002']);
    expect([ws.nodes.get('001-core/T001')!.item!.line, ws.nodes.get('001-core/T001')!.item!.end]).toEqual([1, 3]);
  });
});

describe('a task numbered twice (D-512)', () => {
  // Modelled on xuanyiying/IntervAI at 1ccfbeb (a thirty-fourth round): .kiro/specs/resume-optimizer-mvp/tasks.md numbers
  // tasks 44–48 twice (line 594 `- [x] 44. 实现职位信息对话交互`, line 663 `- [ ] 44. 配置 Docker 容器化`), and only the
  // second 48 cites `_需求: 10.5_`: the duplicate was reported, and 10.5 was COVERAGE_MISSING besides — one mistake twice.
  // (A first version counted the second's citations for the first: a review found false links in 13g7895123/free_youtube.)
  const requirements = ['# 需求文档', '', '### 需求 4', '', '#### 验收标准', '', '1. THE 系统 SHALL 识别职位描述', '', '### 需求 10', '', '#### 验收标准', '', '1. THE 系统 SHALL 加密传输', '5. THE 系统 SHALL 每日自动备份数据库数据', ''].join('\n');
  const tasks = [
    '- [x] 48. 实现职位信息对话交互',
    '  - _需求: 4.1_',
    '',
    '- [x] 49. 配置 HTTPS',
    '  - _需求: 10.1_',
    '',
    '- [x] 48. 实现数据备份',
    '  - 配置数据库自动备份',
    '  - _需求: 10.5, 4.1, 10.9_',
    '  - _Depends: 49_',
    '',
  ].join('\n');

  it('is ID_DUPLICATE once, and the second is read as `T48#2`: what it implements counts, the first task keeps its own links', () => {
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/mvp/requirements.md': requirements, '.kiro/specs/mvp/tasks.md': tasks }));
    expect(tasksOf(ws)).toEqual(['mvp/T48', 'mvp/T48#2', 'mvp/T49']);
    const found = ws.diagnostics.map((d) => `${d.code} ${d.path.split('/').pop()}:${d.line}`);
    // The duplicate, and the broken citation only the second wrote (it was hidden before); no COVERAGE_MISSING.
    expect(found.sort()).toEqual(['ID_DUPLICATE tasks.md:7', 'LINK_BROKEN tasks.md:9']);
    expect(ws.diagnostics.find((d) => d.code === 'ID_DUPLICATE')!.message).toContain('this task is read as `mvp/T48#2`');
    const implemented = (id: string): string[] => (ws.relationsOut.get(id) ?? []).filter((e) => e.relation === 'implements').map((e) => e.id);
    expect(implemented('mvp/T48')).toEqual(['mvp/R4.1']);
    expect(implemented('mvp/T48#2')).toEqual(['mvp/R10.5', 'mvp/R4.1']);
    const second = ws.nodes.get('mvp/T48#2')!;
    expect([second.title, second.item!.line, second.item!.end]).toEqual(['实现数据备份', 7, 10]);
    // Its dependencies are its own: the first 48 does not wait for 49.
    expect(ws.upstream.get('mvp/T48#2')).toContain('mvp/T49');
    expect(ws.upstream.get('mvp/T48') ?? []).not.toContain('mvp/T49');
  });

  it('`done` of `T48#2` checks the second 48, and no other box', () => {
    const root = testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/mvp/requirements.md': requirements, '.kiro/specs/mvp/tasks.md': tasks.replace('- [x] 48. 实现数据备份', '- [ ] 48. 实现数据备份') });
    expect(writeTaskState(loadWorkspace(root), 'mvp/T48#2', 'done')).toMatchObject({ changed: true, line: 7 });
    expect(readFileSync(join(root, '.kiro/specs/mvp/tasks.md'), 'utf8')).toBe(tasks);
  });
});

/**
 * A form the sixty-seventh round of held-out repositories wrote and D-548 left (read since D-549), modelled on the lines quoted:
 * jtfl2008/admin-element-plus at 17cacea (Kiro, Chinese), .kiro/specs/user-management/requirements.md: its first eight
 * requirements headed by story, `### 用户故事 1: 用户列表查看` over `**验收标准:**` and bullets `- 1.1 页面采用左右分栏布局…`, then
 * numbered on under `## 功能需求` with `### 9. 部门树组件` and `- 9.1 从 API 获取部门树数据` up to `### 15.`; its tasks cite
 * `_需求: 1.1-1.6, 2.1-2.8, 13.1-13.6_`. Requirements 1–8 were not read (9 false LINK_BROKEN).
 */
import { describe, expect, it } from 'vitest';
import { buildReport, loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const REQUIREMENTS = [
  '# 需求文档: 用户管理模块', // 1
  '', // 2
  '## 概述', // 3
  '', // 4
  '用户管理模块是系统管理的核心功能之一。', // 5
  '', // 6
  '## 用户故事', // 7
  '', // 8
  '### 用户故事 1: 用户列表查看', // 9
  '作为系统管理员，我希望能够查看所有用户的列表，以便了解系统中的用户情况。', // 10
  '', // 11
  '**验收标准:**', // 12
  '- 1.1 页面采用左右分栏布局，左侧显示部门树，右侧显示用户列表', // 13
  '- 1.2 表格支持分页，默认每页显示 10 条', // 14
  '', // 15
  '### 用户故事 2: 用户搜索筛选', // 16
  '作为系统管理员，我希望能够通过多种条件搜索用户。', // 17
  '', // 18
  '**验收标准:**', // 19
  '- 2.1 支持按用户账号模糊搜索', // 20
  '', // 21
  '## 功能需求', // 22
  '', // 23
  '### 3. 部门树组件', // 24
  '- 3.1 从 API 获取部门树数据', // 25
  '- 3.2 支持树形结构展示', // 26
  '', // 27
  '## 非功能需求', // 28
  '', // 29
  '### 4. 性能要求', // 30
  '- 4.1 用户列表加载时间不超过 2 秒', // 31
  '', // 32
  '## 数据模型', // 33
  '', // 34
  '### 用户实体 (User)', // 35
  '', // 36
].join('\n');

const TASKS = ['# 实施计划', '', '- [ ] 1. 用户列表页面', '  - _需求: 1.1-1.2, 2.1, 3.1-3.2_', '- [ ] 2. 性能优化', '  - _需求: 4.1_', ''].join('\n');

const load = (requirements: string) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/user-management/requirements.md': requirements, '.kiro/specs/user-management/tasks.md': TASKS }));
const items = (ws: ReturnType<typeof load>) => [...ws.nodes.values()].filter((n) => n.item !== undefined && n.type !== 'task').map((n) => `${n.id.slice('user-management/'.length)} ${n.item!.line} ${n.title}`);

describe('Kiro requirements headed by story, numbered on after the stories (admin-element-plus)', () => {
  it('`### 用户故事 1:` is requirement 1 with its bulleted criteria, and `### 3.` after story 2 is requirement 3', () => {
    const ws = load(REQUIREMENTS);
    expect(items(ws)).toEqual([
      'R1 9 用户列表查看',
      'R1.1 13 页面采用左右分栏布局，左侧显示部门树，右侧显示用户列表',
      'R1.2 14 表格支持分页，默认每页显示 10 条',
      'R2 16 用户搜索筛选',
      'R2.1 20 支持按用户账号模糊搜索',
      'R3 24 部门树组件',
      'R3.1 25 从 API 获取部门树数据',
      'R3.2 26 支持树形结构展示',
      'R4 30 性能要求',
      'R4.1 31 用户列表加载时间不超过 2 秒',
    ]);
    const report = buildReport(ws);
    expect([...report.errors, ...report.warnings].map((f) => f.code)).toEqual([]);
    expect(ws.relationsOut.get('user-management/T1')!.map((e) => e.id)).toEqual(['user-management/R1.1', 'user-management/R1.2', 'user-management/R2.1', 'user-management/R3.1', 'user-management/R3.2']);
  });

  it('`### 用户故事 1:` over `#### 验收标准` and EARS clauses is requirement 1 with them (niuyj2008/performance-commission-system)', () => {
    const text = ['# 需求文档', '', '## 用户故事', '', '### 用户故事 1: 部门经理查看当期发放金额', '', '**作为** 部门经理', '', '#### 验收标准', '', '1. WHEN 部门经理登录 THEN 系统应显示第二级部门分配信息', '2. WHEN 选择了某个发放节点 THEN 系统应正确计算当期发放金额', ''].join('\n');
    expect(items(load(text))).toEqual(['R1 5 部门经理查看当期发放金额', 'R1.1 11 WHEN 部门经理登录 THEN 系统应显示第二级部门分配信息', 'R1.2 12 WHEN 选择了某个发放节点 THEN 系统应正确计算当期发放金额']);
  });

  it('beside `### 需求 1:`, `### 用户故事 1:` is a story\'s heading, not a second requirement 1 (as `### 故事1:` is)', () => {
    const text = ['## 用户故事', '### 用户故事 1: 登录', '作为用户…', '## 需求', '### 需求 1: 登录', '#### 验收标准', '1. 用户可以登录'].join('\n');
    expect(items(load(text))).toEqual(['R1 5 登录', 'R1.1 7 用户可以登录']);
  });
});

/** A review's forms (D-549): `用户故事 N` where it is not a requirement, which a rule for the whole file read wrong. */
describe('`用户故事 N` headings that are not requirements', () => {
  const codes = (ws: ReturnType<typeof load>) => {
    const report = buildReport(ws);
    return [...report.errors, ...report.warnings].map((f) => f.code);
  };
  const loadWith = (requirements: string, tasks: string) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/user-management/requirements.md': requirements, '.kiro/specs/user-management/tasks.md': tasks }));

  it('stories told without criteria, then requirements numbered from 1: the numbered ones are the requirements, all of them', () => {
    const text = [
      '# 需求文档', '', '## 用户故事', '', // 1-4
      '### 用户故事 1: 查看用户', '', '作为管理员，我希望查看用户。', '', // 5-8
      '### 用户故事 2: 编辑用户', '', '作为管理员，我希望编辑用户。', '', // 9-12
      '### 用户故事 3: 删除用户', '', '作为管理员，我希望删除用户。', '', // 13-16
      '## 功能需求', '', // 17-18
      '### 1. 用户列表', '- 1.1 分页显示', '- 1.2 搜索', '', // 19-22
      '### 2. 用户编辑', '- 2.1 编辑姓名', '', // 23-25
      '### 3. 用户删除', '- 3.1 删除确认', '', // 26-28
      '### 4. 用户导出', '- 4.1 导出 Excel', '', // 29-31
    ].join('\n');
    const ws = loadWith(text, '# 实施计划\n\n- [ ] 1. 列表\n  - _需求: 1.1, 1.2, 2.1, 3.1, 4.1_\n');
    expect(items(ws).filter((line) => /^R\d+ /.test(line))).toEqual(['R1 19 用户列表', 'R2 23 用户编辑', 'R3 26 用户删除', 'R4 29 用户导出']);
    expect(codes(ws)).toEqual([]);
  });

  it('an appendix\'s `### 用户故事 1: 登录流程图` after numbered requirements leaves them as they are', () => {
    const text = ['# 需求文档', '', '## 功能需求', '', '### 1. 用户登录', '', '#### 验收标准', '', '1. 登录成功', '', '### 2. 用户注册', '', '#### 验收标准', '', '1. 注册成功', '', '## 附录', '', '### 用户故事 1: 登录流程图', '', '见下图。', ''].join('\n');
    const ws = loadWith(text, '# 实施计划\n\n- [ ] 1. 登录\n  - _需求: 1.1, 2.1_\n');
    expect(items(ws)).toEqual(['R1 5 用户登录', 'R1.1 9 登录成功', 'R2 11 用户注册', 'R2.1 15 注册成功']);
    expect(codes(ws)).toEqual([]);
  });

  it('stories as sub-headings of numbered requirements (`#### 用户故事 2`, `#### 用户故事 1.1:` under `### 1. 用户登录`) are the requirements\' stories', () => {
    const text = [
      '# 需求文档', '', '## 需求', '', // 1-4
      '### 1. 用户登录', '', '#### 用户故事 1', '', '作为用户，我希望用账号登录。', '', // 5-10
      '#### 用户故事 2', '', '作为用户，我希望扫码登录。', '', // 11-14
      '#### 验收标准', '', '1. 账号登录成功', '2. 扫码登录成功', '', // 15-19
      '### 2. 用户注册', '', '#### 用户故事 2.1: 注册', '', '作为访客，我希望注册账号。', '', // 20-25
      '#### 验收标准', '', '1. 注册成功后自动登录', '', // 26-29
    ].join('\n');
    const ws = loadWith(text, '# 实施计划\n\n- [ ] 1. 登录\n  - _需求: 1.1, 1.2_\n- [ ] 2. 注册\n  - _需求: 2.1_\n');
    expect(items(ws)).toEqual(['R1 5 用户登录', 'R1.1 17 账号登录成功', 'R1.2 18 扫码登录成功', 'R2 20 用户注册', 'R2.1 28 注册成功后自动登录']);
    expect(codes(ws)).toEqual([]);
  });

  it('stories with criteria of their own, where numbered requirements (before or after them) or `### FR-1:` headings write the file\'s requirements: no second R1', () => {
    const tasks = '# 实施计划\n\n- [ ] 1. 列表\n  - _需求: 1.1, 1.2, 2.1_\n';
    const stories = ['## 用户故事', '', '### 用户故事 1: 查看用户', '**验收标准:**', '- 1.1 显示用户列表', '- 1.2 支持分页', '', '### 用户故事 2: 编辑用户', '#### 验收标准', '1. 可以编辑姓名', ''];
    const numbered = ['## 功能需求', '', '### 1. 用户列表', '- 1.1 分页显示', '- 1.2 搜索', '', '### 2. 用户编辑', '- 2.1 编辑姓名', ''];
    const after = loadWith(['# 需求文档', '', ...stories, ...numbered].join('\n'), tasks);
    expect(items(after).filter((line) => /^R\d+ /.test(line))).toEqual(['R1 16 用户列表', 'R2 20 用户编辑']);
    expect(codes(after)).toEqual([]);
    const before = loadWith(['# 需求文档', '', ...numbered, ...stories].join('\n'), tasks);
    expect(items(before).filter((line) => /^R\d+ /.test(line))).toEqual(['R1 5 用户列表', 'R2 9 用户编辑']);
    expect(codes(before)).toEqual([]);
    const prefixed = loadWith(['# 需求文档', '', ...stories, '## 功能需求', '', '### FR-1: 账号登录', '#### 验收标准', '1. 输入账号密码后登录', ''].join('\n'), '# 实施计划\n\n- [ ] 1. 登录\n  - _需求: FR-1.1_\n');
    expect(items(prefixed)).toEqual(['FR-1 16 账号登录', 'FR-1.1 18 输入账号密码后登录']);
    expect(codes(prefixed)).toEqual([]);
  });

  it('stories numbered again in each module are no requirements (two would have one id); `### 用户故事 01:` is requirement 1', () => {
    const module = (name: string) => [`## ${name}`, '', '### 用户故事 1: 查看', '#### 验收标准', '1. 显示列表', ''];
    const ws = loadWith(['# 需求文档', '', ...module('模块一'), ...module('模块二')].join('\n'), '# 实施计划\n\n- [ ] 1. 查看\n');
    expect(items(ws)).toEqual([]);
    const zero = loadWith(['# 需求文档', '', '## 用户故事', '', '### 用户故事 01: 查看用户', '- 1.1 显示用户列表', ''].join('\n'), '# 实施计划\n\n- [ ] 1. 查看\n  - _需求: 1.1_\n');
    expect(items(zero)).toEqual(['R1 5 查看用户', 'R1.1 6 显示用户列表']);
    expect(codes(zero)).toEqual([]);
  });
});

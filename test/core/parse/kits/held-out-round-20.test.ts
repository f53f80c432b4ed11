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
import { testdir } from '../../../helpers/testdir.js';

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

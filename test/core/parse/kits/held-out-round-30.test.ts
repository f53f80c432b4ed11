/**
 * Forms a thirtieth round of public repositories wrote, judged by hand on d3bb8af before anything
 * was changed for them (108 reference findings, 5 false):
 * - jianglu0823/sales-agent: Spec Kit tasks as headings with a feature's sequence, `### TASK-002-002：创建
 *   SalesAgentConfig 配置类`, and `**依赖任务**：TASK-002-001` (specs/002-sales-chat/tasks.md lines 37, 45:
 *   30 false ID_DUPLICATE, 34 tasks misread);
 * - stify12/AI-assistant: Kiro tasks of a part inserted after 9, `- [x] 9A.1 实现题目类型分类工具函数`
 *   (.kiro/specs/batch-evaluation/tasks.md line 157: 10 tasks unread, 7 false COVERAGE_MISSING), and ranges of
 *   the criteria of a requirement inserted later, `_Requirements: 6.2.1-6.2.5_` (ai-grading-analysis-platform
 *   tasks.md line 297: 14 false COVERAGE_MISSING);
 * - UntaDotMy/CreoNow: the team's change template `openspec/changes/_template/` (3 false ID_INVALID, and `init`
 *   listed it), and `init`'s kit roots inside the archive folder it excludes (32 of 74).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { surveyKits } from '../../../../src/core/model/survey-kits.js';
import { surveyRepository } from '../../../../src/core/model/survey-repository.js';
import { proposeConfig } from '../../../../src/core/answer/propose-config.js';
import { testdir } from '../../../helpers/testdir.js';

describe('forms of a thirtieth round', () => {
  it('Spec Kit: `### TASK-002-002：Title` is task TASK-002-002, and `**依赖任务**：TASK-002-001` its dependency', () => {
    const tasks = [
      '# 销售聊天模块 - 任务拆解清单',
      '',
      '## 2. 任务详情',
      '',
      '### TASK-002-001：创建 SalesAgent 接口',
      '',
      '**负责人**：后端开发',
      '',
      '### TASK-002-002：创建 SalesAgentConfig 配置类',
      '',
      '**依赖任务**：TASK-002-001',
      '',
      '### TASK-002-005：创建 SalesAgentController',
      '',
      '**依赖任务**：TASK-002-001, TASK-002-002',
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/002-sales-chat/spec.md': '# Spec\n', 'specs/002-sales-chat/tasks.md': tasks }));
    const read = [...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.item!.line, n.title, n.dependsOn.filter((d) => d.includes('TASK'))]);
    expect(read).toEqual([
      ['002-sales-chat/TASK-002-001', 5, '创建 SalesAgent 接口', []],
      ['002-sales-chat/TASK-002-002', 9, '创建 SalesAgentConfig 配置类', ['002-sales-chat/TASK-002-001']],
      ['002-sales-chat/TASK-002-005', 13, '创建 SalesAgentController', ['002-sales-chat/TASK-002-001', '002-sales-chat/TASK-002-002']],
    ]);
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE')).toEqual([]);
  });

  it('Kiro: `- [x] 9A.1 …` is task 9A.1, and what it cites is covered (`3D. Render` stays a step)', () => {
    const requirements = ['# Requirements Document', '', '### Requirement 12: 题目类型', '', '#### Acceptance Criteria', '', '1. THE System SHALL 分类', '2. THE System SHALL 统计', ''].join('\n');
    const tasks = ['# Implementation Plan', '', '## 9A. 题目类型分类统计功能', '', '- [x] 9A.1 实现题目类型分类工具函数', '  - _Requirements: 12.1_', '', '- [ ] 9A.2 编写题目类型统计', '  - _Requirements: 12.2_', '  - [ ] 3D. Render the chart', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/batch/requirements.md': requirements, '.kiro/specs/batch/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.item!.line, n.status])).toEqual([
      ['batch/T9A.1', 5, 'done'],
      ['batch/T9A.2', 8, 'todo'],
    ]);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING')).toEqual([]);
  });

  it('Kiro: `_Requirements: 6.2.1-6.2.5_` names the criteria of requirement 6.2 from 1 to 5', () => {
    const requirements = ['# Requirements Document', '', '### Requirement 6.2: 自动题型识别', '', '#### Acceptance Criteria', '', ...[1, 2, 3].map((n) => `${n}. THE System SHALL ${n}`), ''].join('\n');
    const tasks = ['- [ ] 16. 题型', '  - [ ] 16.1 识别', '    - _Requirements: 6.2.1-6.2.3_', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/grading/requirements.md': requirements, '.kiro/specs/grading/tasks.md': tasks }));
    expect(ws.relationsOut.get('grading/T16.1')!.filter((e) => e.relation === 'implements').map((e) => e.id)).toEqual(['grading/R6.2.1', 'grading/R6.2.2', 'grading/R6.2.3']);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING' || d.code === 'LINK_BROKEN')).toEqual([]);
  });

  it("OpenSpec: a change folder named `_template` is the team's template: no items, no ID_INVALID, not listed by `init`", () => {
    const root = testdir({
      'docugraph.yml': 'kits: [openspec]\n',
      'openspec/changes/_template/proposal.md': '# 提案：<change-name>\n',
      'openspec/changes/_template/tasks.md': '## 1. Specification\n\n- [ ] 1.1 <task>\n',
      'openspec/changes/_template/specs/module-name/spec.md': '# <Module> Specification Delta\n\n## ADDED Requirements\n\n### Requirement: <Name>\n',
      'openspec/changes/add-search/proposal.md': '# Add search\n',
      'openspec/changes/add-search/tasks.md': '## 1. Search\n\n- [ ] 1.1 Index\n',
    });
    const ws = loadWorkspace(root);
    expect(ws.diagnostics.filter((d) => d.code === 'ID_INVALID')).toEqual([]);
    expect([...ws.nodes.keys()].filter((id) => id.includes('template'))).toEqual([]);
    expect(ws.nodes.has('change/add-search/T1.1')).toBe(true);
    expect(surveyKits(root).map((k) => `${k.kit}: ${k.folders.join(', ')}`)).toEqual(['openspec: openspec/changes/add-search']);
  });

  it('`init` lists no kit root inside a folder it excludes as an archive', () => {
    const change = { 'proposal.md': '# Change\n', 'tasks.md': '## 1. Work\n\n- [ ] 1.1 Do\n' };
    const files: Record<string, string> = { 'README.md': '# Project\n' };
    for (const name of ['issue-1-search', 'issue-2-export']) for (const [file, text] of Object.entries(change)) files[`rulebook/tasks/${name}/openspec/changes/${name}/${file}`] = text;
    for (const name of ['2026-01-30-issue-7', '2026-01-31-issue-11']) for (const [file, text] of Object.entries(change)) files[`rulebook/tasks/archive/${name}/openspec/changes/${name}/${file}`] = text;
    const proposed = proposeConfig(surveyRepository(testdir(files))).text!;
    expect(proposed).toContain('"rulebook/tasks/archive/"');
    expect(proposed).toMatch(/roots: \[rulebook\/tasks\/issue-1-search, rulebook\/tasks\/issue-2-export\]/);
    expect(proposed).not.toMatch(/roots: .*archive/);
  });

  // Left by the twenty-eighth round (biqiangwu/flowerSalesSystem at its commit, specs/001-core-functionality/tasks.md lines 29-46:
  // 99 tasks read by their place, `T#1`…, without their ids).
  it('Spec Kit: boxes naming their task in bold words (`- [ ] **任务 1.4**: 依赖任务 1.3 - …`) are tasks T1.4, with their dependencies', () => {
    const tasks = ['## Phase 1: 基础框架', '', '### 1.2 配置管理模块', '- [ ] **任务 1.3** [P]: 创建配置管理模块测试 `internal/config/config_test.go`', '- [ ] **任务 1.4**: 依赖任务 1.3 - 创建配置管理模块', '- [x] **任务 2.6**: 依赖任务 1.3, 1.4 - 创建认证服务', '- [ ] 不依赖任务 1.3 的检查', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-core/spec.md': '# Spec\n', 'specs/001-core/tasks.md': tasks }));
    const read = [...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.item!.line, n.title, n.dependsOn.filter((d) => /\/T/.test(d))]);
    expect(read).toEqual([
      ['001-core/T1.3', 4, '创建配置管理模块测试 `internal/config/config_test.go`', []],
      ['001-core/T1.4', 5, '依赖任务 1.3 - 创建配置管理模块', ['001-core/T1.3']],
      ['001-core/T2.6', 6, '依赖任务 1.3, 1.4 - 创建认证服务', ['001-core/T1.3', '001-core/T1.4']],
      ['001-core/T#1', 7, '不依赖任务 1.3 的检查', []],
    ]);
  });

  describe('a review of the round (89bfba0)', () => {
    it('Spec Kit: `### TASK-001-BE: …` is task TASK-001-BE, named so in a dependency; `### TASK-003-Setup the DB` stays TASK-003', () => {
      const tasks = ['### TASK-001-BE: API', '', '### TASK-001-FE: Page', '', '**Dependencies**: TASK-001-BE', '', '### TASK-003-Setup the DB', ''].join('\n');
      const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-a/spec.md': '# Spec\n', 'specs/001-a/tasks.md': tasks }));
      expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.dependsOn.filter((d) => d.includes('TASK'))])).toEqual([
        ['001-a/TASK-001-BE', []],
        ['001-a/TASK-001-FE', ['001-a/TASK-001-BE']],
        ['001-a/TASK-003', []],
      ]);
      expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'ID_DUPLICATE')).toEqual([]);
    });

    it('Kiro: `_Depends: 9A.1_` names task 9A.1; `_Requirements: 2024.1.1-2024.1.5_` (a date) names nothing', () => {
      const tasks = ['- [ ] 9A.1 分类', '- [ ] 9A.2 统计', '  - _Depends: 9A.1_', '  - _Requirements: 2024.1.1-2024.1.5_', ''].join('\n');
      const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/b/tasks.md': tasks }));
      expect(ws.nodes.get('b/T9A.2')!.dependsOn.filter((d) => d.includes('/T'))).toEqual(['b/T9A.1']);
      expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
    });
  });
});

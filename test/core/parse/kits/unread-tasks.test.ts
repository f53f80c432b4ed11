/**
 * Tasks a thirty-fifth round's hand count found and DocuGraph did not read (D-511):
 * - YILIXING/my-meeting-recording (3aa04a3e06216c0f68fe6bf6f941a26344c7042c), specs/001-core-functionality/tasks.md:
 *   101 tasks written as headings with no box anywhere, `### 1.1.1 [P] 创建项目目录结构` under `## 1.1 项目脚手架搭建`,
 *   each with `**依赖**: 1.1.2` (depends on) — the file gave no task, and `validate` only named it on stderr.
 * - maslennikov-ig/SkillTree (b47f088cee22dc3ddc3f78a9515923d01881df20), specs/002-telegram-bot-mvp/tasks.md lines 31–34:
 *   `- [X] P001 [EXECUTOR: MAIN] Analyze all tasks …`, a planning phase's four tasks before `T001`.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
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
});

/**
 * A form a twenty-sixth round of public repositories wrote, judged by hand on f5ddea4 before
 * anything was changed for it (87 reference findings, none false): seanlee111/cwebp's Spec Kit tasks
 * with a dash before their number, in bold, `- [ ] **T-01** 初始化 Vite 项目：…` and `**T-45a**`
 * (specs/001-mvp/tasks.md line 7, specs/002-lossless-wasm/tasks.md line 76: 115 tasks read without
 * their ids, as unnumbered ones), and its stories with a space after the id, `### US-1 单张转换（最小路径）`,
 * `### US-2.1 真正的无损编码` (specs/001-mvp/spec.md line 31, specs/002-lossless-wasm/spec.md line 18: 25 unread).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

describe('forms of a twenty-sixth round', () => {
  it('Spec Kit: `**T-01**` and `**T-45a**` are tasks T-01 and T-45a', () => {
    const tasks = ['# Tasks — cwebp MVP 任务分解', '', '## Phase 4.0 脚手架', '', '- [ ] **T-01** 初始化 Vite 项目：`npm create vite@latest`', '- [x] **T-45a** 装依赖', '- [ ] T-HF02 修复', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-mvp/spec.md': '# Spec\n', 'specs/001-mvp/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.item!.line, n.status])).toEqual([
      ['001-mvp/T-01', 5, 'todo'],
      ['001-mvp/T-45a', 6, 'done'],
      ['001-mvp/T-HF02', 7, 'todo'],
    ]);
  });

  it('Spec Kit: `### US-1 单张转换（最小路径）` and `### US-2.1 真正的无损编码` are stories (a space after the id)', () => {
    const spec = ['# cwebp MVP', '', '## 用户故事', '', '### US-1 单张转换（最小路径）', '', '拖入一张图片。', '', '### US-2.1 真正的无损编码', '', '无损。', '', '### USB Drive Notes', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-mvp/spec.md': spec, 'specs/001-mvp/tasks.md': '- [ ] **T-10** 写 `DropZone` 组件（US-1）\n' }));
    expect([...ws.nodes.values()].filter((n) => /story/.test(n.type ?? '')).map((n) => [n.id, n.title, n.item!.line])).toEqual([
      ['001-mvp/US1', '单张转换（最小路径）', 5],
      ['001-mvp/US2.1', '真正的无损编码', 9],
    ]);
    expect(ws.relationsOut.get('001-mvp/T-10')).toEqual([{ relation: 'implements', id: '001-mvp/US1' }]);
  });
});

// Modelled on TomGeorge6/Wood-ARK at the twenty-seventh round's commit (specs/001-ark-monitor/tasks.md line 358: 17 tasks' dependencies dropped;
// the round judged 37 reference findings on 133828e, none false).
describe('a form of a twenty-seventh round', () => {
  it('Spec Kit: `**依赖**: T002, T003` under a heading task names its dependencies; `依赖：无` none', () => {
    const tasks = ['### T001 初始化项目', '', '**依赖**: 无', '', '### T002 实现 src/utils.py - 配置加载', '', '**依赖**: T001', '', '### T008 实现 src/scheduler.py', '', '**依赖**：T001, T002。其余稍后', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-ark/spec.md': '# Spec\n', 'specs/001-ark/tasks.md': tasks }));
    const deps = (id: string) => ws.nodes.get(id)!.dependsOn.filter((d) => /\/T\d/.test(d));
    expect([deps('001-ark/T001'), deps('001-ark/T002'), deps('001-ark/T008')]).toEqual([[], ['001-ark/T001'], ['001-ark/T001', '001-ark/T002']]);
  });
});

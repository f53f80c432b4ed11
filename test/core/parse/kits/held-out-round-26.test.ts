/**
 * A form a twenty-sixth round of public repositories wrote, judged by hand on f5ddea4 before
 * anything was changed for it (87 reference findings, none false): seanlee111/cwebp's Spec Kit tasks
 * with a dash before their number, in bold, `- [ ] **T-01** 初始化 Vite 项目：…` and `**T-45a**`
 * (specs/001-mvp/tasks.md line 7, specs/002-lossless-wasm/tasks.md line 76: 115 tasks read without
 * their ids, as unnumbered ones).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

describe('a form of a twenty-sixth round', () => {
  it('Spec Kit: `**T-01**` and `**T-45a**` are tasks T-01 and T-45a', () => {
    const tasks = ['# Tasks — cwebp MVP 任务分解', '', '## Phase 4.0 脚手架', '', '- [ ] **T-01** 初始化 Vite 项目：`npm create vite@latest`', '- [x] **T-45a** 装依赖', '- [ ] T-HF02 修复', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-mvp/spec.md': '# Spec\n', 'specs/001-mvp/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.item!.line, n.status])).toEqual([
      ['001-mvp/T-01', 5, 'todo'],
      ['001-mvp/T-45a', 6, 'done'],
      ['001-mvp/T-HF02', 7, 'todo'],
    ]);
  });
});

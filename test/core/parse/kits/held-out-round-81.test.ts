/**
 * Forms an eighty-first round wrote (D-569), modelled on the lines quoted — 0 false of 234 findings, but tasks not readable by their
 * numbers: 7dgame-com/ai-3d-generator at f30e99b (Kiro), .kiro/specs/multi-provider-credits/tasks.md:5 `- [x] 1 数据库 Schema 改造`
 * over `  - [x] 1.1 编写数据迁移 SQL 脚本…` (eight parents unread beside their sub-tasks); yasmin191/hackathon-todo-evolution at
 * 74dd285 (Spec Kit), specs/005-phase5-cloud/tasks.md:5 `### Task A.1: Add Priority Field to Task Model` over its steps' boxes
 * (36 headings unread, their 190 step boxes read as tasks by their places).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const tasksOf = (ws: ReturnType<typeof loadWorkspace>) => [...ws.ids].filter((id) => ws.nodes.get(id)!.type === 'task');

describe('a Kiro box numbered whole without the dot over its sub-tasks', () => {
  it('is their parent task (`- [x] 1 数据库 Schema 改造` over `- [x] 1.1 …`)', () => {
    const tasks = ['## 任务', '', '- [x] 1 数据库 Schema 改造', '  - [x] 1.1 编写数据迁移 SQL 脚本', '  - [x] 1.2 更新 schema.sql', '', '- [ ] 2 提供商配置与适配器层', '  - [ ] 2.1 创建 providers.ts', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/credits/tasks.md': tasks }));
    expect(tasksOf(ws)).toEqual(['credits/T1', 'credits/T1.1', 'credits/T1.2', 'credits/T2', 'credits/T2.1']);
    expect([ws.nodes.get('credits/T1')!.title, ws.nodes.get('credits/T1')!.item!.box]).toEqual(['数据库 Schema 改造', 'x']);
    expect(ws.relationsOut.get('credits/T2.1')).toEqual([{ relation: 'refines', id: 'credits/T2' }]);
  });

  it('beside such parents, the boxes numbered whole that count on with them are tasks too (`- [ ] 3 Checkpoint`: a review)', () => {
    const tasks = ['- [x] 1 数据库 Schema 改造', '  - [x] 1.1 编写迁移', '- [ ] 2 API 改造', '  - [ ] 2.1 创建路由', '- [ ] 3 Checkpoint - 确保所有测试通过', '- [ ] 4 文档更新', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/credits/tasks.md': tasks }));
    expect(tasksOf(ws)).toEqual(['credits/T1', 'credits/T1.1', 'credits/T2', 'credits/T2.1', 'credits/T3', 'credits/T4']);
  });

  it('not a step over other steps, nor one whose sub-tasks another number opens, nor where the file writes that task', () => {
    const tasks = ['- [ ] 1. Build', '  - [ ] 3 checks pass', '    - [ ] 1.1 lint', '- [ ] 2 tests green', '  - [ ] 5.1 unit', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/a/tasks.md': tasks }));
    expect(tasksOf(ws)).toEqual(['a/T1', 'a/T1.1', 'a/T5.1']);
  });
});

describe('a Spec Kit task heading numbered with a part\'s capital', () => {
  it('is that task (`### Task A.1: Add Priority Field to Task Model`), its boxes its steps', () => {
    const tasks = [
      '# Phase V: Advanced Cloud Deployment - Tasks',
      '',
      '## Part A: Advanced Task Features',
      '',
      '### Task A.1: Add Priority Field to Task Model',
      '**Status**: pending',
      '',
      '**Changes**:',
      '- [ ] Create `Priority` enum',
      '- [ ] Add `priority` field',
      '',
      '### Task A.2: Create Tag Model',
      '- [ ] Create the model',
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/005-phase5-cloud/tasks.md': tasks }));
    expect(tasksOf(ws)).toEqual(['005-phase5-cloud/TA.1', '005-phase5-cloud/TA.2']);
    expect(ws.nodes.get('005-phase5-cloud/TA.1')!.title).toBe('Add Priority Field to Task Model');
  });

  it('not a heading over a range of tasks (`## Task T001-T005: Setup`: a review)', () => {
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-a/tasks.md': '## Task T001-T005: Setup\n\n## Task T006: Build\n' }));
    expect(tasksOf(ws)).toEqual(['001-a/T006']);
  });
});

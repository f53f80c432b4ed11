/**
 * Forms a thirty-eighth round of public repositories wrote, judged by hand on 2ee4666 before anything was changed for
 * them (122 reference findings, 28 false, all of one form; one other finding false; 22 tasks unread):
 * - komi12345/ChatbotFrance (8c80125): Kiro tasks cite `  - _Exigences : 1.1, 1.4, 10.3_` (French;
 *   .kiro/specs/chatbot-whatsapp/tasks.md line 73): not read, so 145 criteria were COVERAGE_MISSING.
 * - jorge-robledo11/web-app (a1eba2d): Spec Kit heading tasks `### T0.1 Leer el endpoint \`GET /\` en \`app/main.py\``
 *   (specs/005-dashboard-datos-reales/tasks.md line 11): 22 tasks unread (named on stderr).
 * - motecshine/utmos.dev (1beba79): `### T039-A: 实现 WebSocket 心跳检测` after `### T039: 实现 WebSocket Client`
 *   (specs/004-core-services-implementation/tasks.md line 263): read as a second T039, ID_DUPLICATE.
 * And a review of f9cd0cf (D-512–D-514), each with a test that fails before.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkspace, writeTaskState } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

type Ws = ReturnType<typeof loadWorkspace>;
const taskIds = (ws: Ws): string[] => [...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => n.id).sort();
const kiro = (tasks: string, requirements = '# R\n'): Ws => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/f/requirements.md': requirements, '.kiro/specs/f/tasks.md': tasks }));
const speckit = (tasks: string): Ws => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-a/spec.md': '# Spec\n\n- **FR-001**: A\n- **FR-002**: B\n', 'specs/001-a/tasks.md': tasks }));

describe('forms of a thirty-eighth round', () => {
  it('Kiro: `_Exigences : 1.1, 1.4_` cites criteria, as `_Requirements: 1.1_` does', () => {
    const requirements = ['# Exigences', '', '### Requirement 1', '', '#### Acceptance Criteria', '', '1. THE bot SHALL answer', '2. THE bot SHALL log', '3. THE bot SHALL retry', '4. THE bot SHALL stop', ''].join('\n');
    const ws = kiro(['- [ ] 1. Configurer le webhook', '  - _Exigences : 1.1, 1.4_', ''].join('\n'), requirements);
    expect(ws.relationsOut.get('f/T1')!.map((e) => e.id)).toEqual(['f/R1.1', 'f/R1.4']);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING').map((d) => d.line)).toEqual([8, 9]);
  });

  it('Spec Kit: `### T0.1 Title` and `### T039-A: Title` are heading tasks', () => {
    const ws = speckit(['## Fase 0', '', '### T0.1 Leer el endpoint `GET /` en `app/main.py`', 'Detalle.', '', '### T039: 实现 WebSocket Client', '', '### T039-A: 实现 WebSocket 心跳检测', ''].join('\n'));
    expect(taskIds(ws)).toEqual(['001-a/T0.1', '001-a/T039', '001-a/T039-A']);
    expect(ws.nodes.get('001-a/T039-A')!.title).toBe('实现 WebSocket 心跳检测');
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE')).toEqual([]);
  });
});

describe('a review of f9cd0cf', () => {
  it('the sub-tasks of a task numbered twice, and the tasks that wait for it in its run, name the second', () => {
    const ws = kiro(['- [x] 2. Build login', '  - [x] 2.1 Login form', '', '## Later', '', '- [ ] 2. Deploy pipeline', '  - [ ] 2.1 Docker image', '  - [ ] 2.2 CI job', '    - _Depends: 2.1_', ''].join('\n'));
    expect(taskIds(ws)).toEqual(['f/T2', 'f/T2#2', 'f/T2.1', 'f/T2.1#2', 'f/T2.2']);
    const parent = (id: string): string | undefined => ws.relationsOut.get(id)?.find((e) => e.relation === 'refines')?.id;
    expect([parent('f/T2.1'), parent('f/T2.1#2'), parent('f/T2.2')]).toEqual(['f/T2', 'f/T2#2', 'f/T2#2']);
    expect(ws.upstream.get('f/T2.2')).toContain('f/T2.1#2');
    const runs = speckit(['## Phase 3', '- [ ] T010 [US1] Create Video model (FR-001)', '- [ ] T011 [US1] Video API (depends on T010) (FR-001)', '## Phase 4', '- [x] T010 [US2] Create Playlist model (FR-002)', '- [x] T011 [US2] Playlist API (depends on T010) (FR-002)', ''].join('\n'));
    expect(runs.upstream.get('001-a/T011#2')).toContain('001-a/T010#2');
    expect(runs.diagnostics.filter((d) => d.code === 'STATUS_INCONSISTENT')).toEqual([]);
  });

  it('a third task of a number with the title of any before it is that task again', () => {
    const ws = speckit(['- [ ] T002 Add model', '- [ ] T002 Add delete endpoint', '', '## Pasted again', '- [ ] T002 Add delete endpoint', ''].join('\n'));
    expect(taskIds(ws)).toEqual(['001-a/T002', '001-a/T002#2']);
  });

  it('boxes by place beside notes, a table or a dependencies list; not beside a numbered list of tasks', () => {
    const notes = ['# Tasks', '', '- [ ] Add todo model (FR-001)', '- [ ] Add todo API (FR-002)', '', '## Dependencies & Execution Order', '', '- **Setup (Phase 1)**: No dependencies', '', '| Phase | Done |', '|---|---|', '| 1 | no |', ''].join('\n');
    expect(taskIds(speckit(notes))).toEqual(['001-a/T#1', '001-a/T#2']);
    expect(taskIds(kiro(['- [ ] Set up', '- [ ] Build', '', '## Notes', '', '- keep it small', '', '| Step | State |', '|---|---|', '| 1 | open |', ''].join('\n')))).toEqual(['f/T#1', 'f/T#2']);
    expect(taskIds(kiro(['1. Set up the project', '2. Build the API', '', '## Definition of Done', '', '- [ ] All unit tests pass', ''].join('\n')))).toEqual([]);
  });

  it('Kiro: `T-001` boxes stay the tasks where a heading details one of them', () => {
    const ws = kiro(['- [x] T-001: Scaffold', '- [ ] T-002: Login endpoint', '  - _依存: T-001_', '- [ ] T-003: Logout', '', '### T-002: Login endpoint details', '', 'Notes.', ''].join('\n'));
    expect(taskIds(ws)).toEqual(['f/T-001', 'f/T-002', 'f/T-003']);
    expect(ws.nodes.get('f/T-002')!.title).toBe('Login endpoint');
    expect(ws.upstream.get('f/T-002')).toContain('f/T-001');
  });

  it('OpenSpec: a progress box of the same title in another case ticks its heading task', () => {
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [openspec]\n', 'openspec/changes/c/proposal.md': '# P\n', 'openspec/changes/c/tasks.md': ['## Task 1: Write the Migration Guide', '', '## Progress', '- [x] Task 1: Write the migration guide', ''].join('\n') }));
    expect(ws.nodes.get('change/c/T1')!.item!.box).toBe('x');
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE')).toEqual([]);
  });

  it('`done` of `T2#2` from a workspace loaded before lines were added above it writes the second 2, never the first', () => {
    const tasks = ['- [x] 2. Build login', '', '- [ ] 2. Deploy pipeline', ''].join('\n');
    const root = testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/f/tasks.md': tasks });
    const ws = loadWorkspace(root);
    const file = join(root, '.kiro/specs/f/tasks.md');
    writeFileSync(file, `# Plan\n\nSome words.\n\n${tasks}`);
    expect(writeTaskState(ws, 'f/T2#2', 'done')).toMatchObject({ changed: true, line: 7 });
    expect(readFileSync(file, 'utf8')).toBe(`# Plan\n\nSome words.\n\n${tasks.replace('- [ ] 2. Deploy', '- [x] 2. Deploy')}`);
  });
});

describe('a review of cb4124a', () => {
  it('a later task that depends on a number written twice waits for the first; a copy\'s own dependency for the copy; no cycle through a copy', () => {
    const later = speckit(['## Phase 1', '- [x] T002 Create database schema', '## Phase 2', '- [ ] T002 Add session store', '## Phase 3', '- [ ] T005 Seed report tables (depends on T002)', ''].join('\n'));
    expect(later.upstream.get('001-a/T005')).toContain('001-a/T002');
    expect(later.states.get('001-a/T005')!.state).toBe('ready');
    const cycle = speckit(['- [ ] T001 Create user model', '- [ ] T002 Add API (depends on T001)', '- [ ] T001 Write API docs (depends on T003)', '- [ ] T003 Publish SDK (depends on T001, T002)', ''].join('\n'));
    expect(cycle.upstream.get('001-a/T001#2')).toContain('001-a/T003');
    expect(cycle.diagnostics.filter((d) => d.code === 'LINK_CYCLE')).toEqual([]);
  });

  it('the number written again with the first\'s title is the first again: its sub-tasks refine it', () => {
    const ws = kiro(['- [x] 2. Build login', '  - [x] 2.1 Login form', '- [ ] 2. Deploy pipeline', '  - [ ] 2.1 Docker image', '', '## Remaining work', '', '- [ ] 2. Build login', '  - [ ] 2.2 Login rate limiting', ''].join('\n'));
    expect(ws.relationsOut.get('f/T2.2')?.find((e) => e.relation === 'refines')?.id).toBe('f/T2');
    expect(ws.relationsOut.get('f/T2.1#2')?.find((e) => e.relation === 'refines')?.id).toBe('f/T2#2');
  });

  it('boxes beside a table of tasks by id are its checklist, not tasks by place (the rows are the tasks: D-568)', () => {
    const tasks = ['# Tasks', '', '| ID | Task | State |', '|---|---|---|', '| T001 | Create project structure | done |', '| T002 | Add CI | open |', '', '## Definition of Done', '', '- [ ] All unit tests pass', '- [ ] Code reviewed', ''].join('\n');
    const ws = speckit(tasks);
    expect(taskIds(ws)).toEqual(['001-a/T001', '001-a/T002']);
    expect([ws.nodes.get('001-a/T001')!.item!.box, ws.nodes.get('001-a/T002')!.item!.box]).toEqual(['x', ' ']);
  });

  it('Spec Kit: a later list ticking `### T1.1` heading tasks with no step of their own makes them done', () => {
    const ws = speckit(['### T1.1 [P1] Agregar iconos', 'Detalle.', '', '### T1.2 [P1] Agregar datos mock', 'Detalle.', '', '## Verificación de trazabilidad visual', '', '- [X] T1.1 [visual] Agregar iconos en la tarjeta', '- [ ] T1.2 datos mock', ''].join('\n'));
    expect([ws.nodes.get('001-a/T1.1')!.item!.box, ws.nodes.get('001-a/T1.2')!.item!.box]).toEqual(['x', ' ']);
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE')).toEqual([]);
  });
});

describe('a review of 5a4e678', () => {
  it('a sub-task two levels under a copy waits for the copy\'s sub-task', () => {
    const ws = kiro(['- [x] 2. Build login', '  - [x] 2.1 Login form', '- [ ] 2. Deploy pipeline', '  - [ ] 2.1 Docker image', '  - [ ] 2.2 Push image', '    - [ ] 2.2.1 Tag image', '      - _Depends: 2.1_', ''].join('\n'));
    expect(ws.upstream.get('f/T2.2.1')).toContain('f/T2.1#2');
    expect(ws.states.get('f/T2.2.1')!.state).toBe('blocked');
  });

  it('a test-case table `| T1 | … |` does not stop boxes by place', () => {
    const tasks = ['# Tasks', '', '- [x] Initialize Next.js app', '- [ ] Add login page', '', '## Test cases', '', '| ID | Case | Expected |', '|---|---|---|', '| T1 | Login with valid password | Dashboard shown |', ''].join('\n');
    expect(taskIds(speckit(tasks))).toEqual(['001-a/T#1', '001-a/T#2']);
  });

  it('a later list does not tick a heading task that writes its own box or status, nor from a box of other words', () => {
    const boxed = speckit(['### - [ ] T001 Set up project', 'Detail.', '', '## Summary', '', '- [x] T001 Set up project', ''].join('\n'));
    expect(boxed.nodes.get('001-a/T001')!.item!.box).toBe(' ');
    const status = speckit(['### T001 Set up project', '**Status**: 🔄 In progress', '', '### T002 Add login', '', '## Summary', '', '- [x] T001 Set up project', '- [x] T002 Write the migration guide', ''].join('\n'));
    expect([status.nodes.get('001-a/T001')!.item!.box, status.nodes.get('001-a/T002')!.item!.box]).toEqual([' ', ' ']);
  });
});

describe('a review of 51cf4e1', () => {
  const openspec = (tasks: string): Ws => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [openspec]\n', 'openspec/changes/c/proposal.md': '# P\n', 'openspec/changes/c/tasks.md': tasks }));
  const boxOf = (ws: Ws, id: string): string => ws.nodes.get(id)!.item!.box!;

  it('a progress list ticks heading tasks of short titles, of a status that says done, and shortened Japanese titles', () => {
    const short = openspec(['## Task 1: 登录', '**依赖**: 无', '', '## Task 2: UI', '', '## 总体进度追踪', '- [x] Task 1: 登录', '- [x] Task 2: UI', ''].join('\n'));
    expect([boxOf(short, 'change/c/T1'), boxOf(short, 'change/c/T2')]).toEqual(['x', 'x']);
    const done = openspec(['## Task 1: Set up project', '**Status**: ✅ Completed', '', '## Task 2: Add login page', '**Status**: Done', '', '## Progress', '- [x] Task 1: Set up project', '- [x] Task 2: Add login page', ''].join('\n'));
    expect([boxOf(done, 'change/c/T1'), boxOf(done, 'change/c/T2')]).toEqual(['x', 'x']);
    const japanese = speckit(['### T001 ユーザー認証を実装する', '', '### T002 ログイン画面を作成する', '', '## まとめ', '- [x] T001 ユーザー認証を実装', '- [x] T002 ログイン画面', ''].join('\n'));
    expect([boxOf(japanese, '001-a/T001'), boxOf(japanese, '001-a/T002')]).toEqual(['x', 'x']);
  });
});

describe('a review of af518fd', () => {
  const openspec = (tasks: string): Ws => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [openspec]\n', 'openspec/changes/c/proposal.md': '# P\n', 'openspec/changes/c/tasks.md': tasks }));

  it('a status that is not done holds the tick back; a recap of other work in Chinese does not tick', () => {
    for (const status of ['Not completed', '未完成', '完成待ち', '❌ Not started, done when API lands']) {
      const ws = openspec(['## Task 1: Set up project', `**Status**: ${status}`, '', '## Progress', '- [x] Task 1: Set up project', ''].join('\n'));
      expect(ws.nodes.get('change/c/T1')!.item!.box, status).toBe(' ');
    }
    const other = speckit(['### T001 实现用户注册功能', '', '## 总结', '- [x] T001 实现用户登录功能', ''].join('\n'));
    expect(other.nodes.get('001-a/T001')!.item!.box).toBe(' ');
  });
});

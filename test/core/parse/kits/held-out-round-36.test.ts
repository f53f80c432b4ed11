/**
 * Forms a thirty-sixth round of public repositories wrote, judged by hand on f75a627 before anything was changed for
 * them (59 reference findings, 24 false, all of one form; 11 other findings false):
 * - guthubrx/roadie (05915fc): Spec Kit stories headed `### Scénario 4 - Grouper des fenêtres dans un même emplacement
 *   (Priorité : P3, ordre 4)` (specs/002-roadie-ecosystem-upgrade/spec.md line 58): more after the priority, so the
 *   story was not read and each of its tasks' `[US4]`, `[US5]` was LINK_BROKEN (24 false).
 * - Cool-B/douniu (5d5bc56, branch jadensun): OpenSpec heading tasks `## Task 1: 优化 changeBet Mock API 方法` named again,
 *   ticked, in a progress list `## 总体进度追踪` / `- [x] Task 1: 优化 changeBet Mock API 方法`
 *   (miniprogram/openspec/changes/optimize-room-operations/tasks.md lines 8, 205): each box was a second task 1, ID_DUPLICATE
 *   (11 false), the heading tasks open; their `**依赖**: Task 1` lines were not read.
 * - cocoabreak/feathermd (23116d9), 63 Kiro features, 391 tasks unread and silent: boxes `- [x] T-001: ネイティブの…`
 *   (.kiro/specs/about-dialog/tasks.md line 3), headings `### T-001: lightbox.svelte.ts の実装 ✅` with `- **依存**: T-001`
 *   (image-zoom/tasks.md line 9), `## T-001: 契約とテスト基盤` over the unnumbered boxes that are its steps
 *   (document-sources/tasks.md line 5), and files of unnumbered boxes only (accessibility/tasks.md line 3).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

describe('forms of a thirty-sixth round', () => {
  it('Spec Kit: a story whose parentheses say more after the priority is read, and `[US4]` names it', () => {
    const spec = [
      '# Spécification',
      '',
      '### Scénario 3 - Basculer entre les bureaux (Priorité : P2)',
      '',
      '### Scénario 4 - Grouper des fenêtres dans un même emplacement (Priorité : P3, ordre 4)',
      '',
      '### Scénario 5 - Restaurer la session (Priorité：P3，ordre 5)',
      '',
    ].join('\n');
    const tasks = ['- [X] T059 [US4] Ajouter le groupement', '- [X] T070 [P] [US5] Restaurer', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/002-eco/spec.md': spec, 'specs/002-eco/tasks.md': tasks }));
    const stories = [...ws.nodes.values()].filter((n) => n.type === 'user-story').map((n) => `${n.id} ${n.title}`);
    expect(stories).toEqual(['002-eco/US3 Basculer entre les bureaux', '002-eco/US4 Grouper des fenêtres dans un même emplacement', '002-eco/US5 Restaurer la session']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
    expect(ws.relationsOut.get('002-eco/T059')!.map((e) => e.id)).toEqual(['002-eco/US4']);
  });

  it('OpenSpec: a progress list naming the heading tasks again adds none and ticks them; `**依赖**: Task 1` is a dependency', () => {
    const tasks = [
      '# 任务清单：优化游戏房间操作方法',
      '',
      '## Task 1: 优化 changeBet Mock API 方法',
      '**依赖**: 无',
      '',
      '### 验证标准',
      '- [x] 参数验证覆盖所有必需字段',
      '',
      '## Task 2: 更新前端 changeBet 调用逻辑',
      '**依赖**: Task 1',
      '',
      '## Task 3: 集成测试和验证 ✅',
      '**依赖**: Task 1, Task 2',
      '',
      '## 总体进度追踪',
      '- [x] Task 1: 优化 changeBet Mock API 方法',
      '- [ ] Task 2: 更新前端 changeBet 调用逻辑',
      '- [x] Task 3: 集成测试和验证',
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [openspec]\n', 'openspec/changes/optimize/proposal.md': '# 提案\n', 'openspec/changes/optimize/tasks.md': tasks }));
    const headings = ['T1', 'T2', 'T3'].map((t) => ws.nodes.get(`change/optimize/${t}`)!);
    expect(headings.map((n) => `${n.item!.line} ${n.item!.box}`)).toEqual(['3 x', '9  ', '12 x']);
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE')).toEqual([]);
    const waits = (id: string): string[] => (ws.upstream.get(id) ?? []).filter((up) => /\/T\d/.test(up));
    expect([waits('change/optimize/T1'), waits('change/optimize/T2'), waits('change/optimize/T3')]).toEqual([[], ['change/optimize/T1'], ['change/optimize/T1', 'change/optimize/T2']]);
  });

  const kiro = (files: Record<string, string>): ReturnType<typeof loadWorkspace> =>
    loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', ...Object.fromEntries(Object.entries(files).map(([name, text]) => [`.kiro/specs/${name}/tasks.md`, text])) }));
  const tasksIn = (ws: ReturnType<typeof loadWorkspace>, feature: string): string[] =>
    [...ws.nodes.values()].filter((n) => n.type === 'task' && n.id.startsWith(`${feature}/`)).map((n) => `${n.id} ${n.item!.box} ${n.title}`);

  it('Kiro: tasks written `T-001` in boxes and headings, and a file of unnumbered boxes, are read', () => {
    const ws = kiro({
      'about-dialog': ['# 実装タスク: Aboutダイアログ', '', '- [x] T-001: ネイティブのヘルプメニューを追加する', '- [ ] T-002: バージョン情報を生成する', ''].join('\n'),
      'image-zoom': [
        '# 実装タスク: 画像ズーム',
        '',
        '## Phase 1: 状態管理',
        '',
        '### T-001: lightbox.svelte.ts の実装 ✅',
        '',
        '- **依存**: なし',
        '- **完了条件**:',
        '  - [x] `open` のgetterがある',
        '',
        '### T-002: Lightbox.svelte の実装',
        '',
        '- **依存**: T-001',
        '- **完了条件**:',
        '  - [x] 外側は半透明スクリム',
        '  - [ ] マウスホイールでズーム',
        '',
      ].join('\n'),
      'document-sources': ['# 実装タスク', '', '## T-001: 契約とテスト基盤', '', '- [x] VirtualPath検証を定義する', '- [x] 境界値テストを追加する', '', '## T-002: NativeSource移行', '', '- [ ] 既存AllowedRootsを移行する', ''].join('\n'),
      accessibility: ['# アクセシビリティ改善 実装タスク', '', '- [x] 共通フォーカストラップとテストを追加する', '- [ ] ページ内検索件数をlive region化する', ''].join('\n'),
    });
    expect(tasksIn(ws, 'about-dialog')).toEqual(['about-dialog/T-001 x ネイティブのヘルプメニューを追加する', 'about-dialog/T-002   バージョン情報を生成する']);
    expect(tasksIn(ws, 'image-zoom')).toEqual(['image-zoom/T-001 x lightbox.svelte.ts の実装', 'image-zoom/T-002 - Lightbox.svelte の実装']);
    expect(ws.upstream.get('image-zoom/T-002')).toContain('image-zoom/T-001');
    expect(ws.upstream.get('image-zoom/T-001') ?? []).not.toContain('image-zoom/T-002');
    expect(tasksIn(ws, 'document-sources')).toEqual(['document-sources/T-001 x 契約とテスト基盤', 'document-sources/T-002   NativeSource移行']);
    expect(tasksIn(ws, 'accessibility')).toEqual(['accessibility/T#1 x 共通フォーカストラップとテストを追加する', 'accessibility/T#2   ページ内検索件数をlive region化する']);
    expect(ws.diagnostics).toEqual([]);
  });
});

describe('a review of 11a0d67', () => {
  const openspec = (tasks: string): ReturnType<typeof loadWorkspace> =>
    loadWorkspace(testdir({ 'docugraph.yml': 'kits: [openspec]\n', 'openspec/changes/c/proposal.md': '# P\n', 'openspec/changes/c/tasks.md': tasks }));
  const kiroFile = (tasks: string): ReturnType<typeof loadWorkspace> =>
    loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/f/requirements.md': '# R\n', '.kiro/specs/f/tasks.md': tasks }));
  const taskIds = (ws: ReturnType<typeof loadWorkspace>): string[] => [...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => n.id).sort();

  it('OpenSpec: a box of another title that a heading task numbers is another task (ID_DUPLICATE), and ticks nothing', () => {
    const ws = openspec(['## Phase 1: Backend', '### Task 1: Create the orders table', '### Task 2: Add the orders API', '## Phase 2: Follow-up', '- [x] Task 1: Write the migration guide', ''].join('\n'));
    expect(ws.nodes.get('change/c/T1')!.item!.box).toBe(' ');
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE').map((d) => d.line)).toEqual([5]);
  });

  it('OpenSpec: a progress list does not tick a heading task whose steps are open', () => {
    const ws = openspec(['## Task 1: Backend API', '- [ ] 1.1 Add endpoint', '- [ ] 1.2 Add tests', '## 进度', '- [x] Task 1: Backend API', ''].join('\n'));
    expect(ws.nodes.get('change/c/T1')!.item!.box).toBe(' ');
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE')).toEqual([]);
  });

  it('Kiro: boxes beside tasks written another way are their checklist, not tasks by place; placeholders are none', () => {
    const list = ['# Tasks', '', '1. Set up the project', '   _Requirements: 1.1_', '2. Build the API', '', '## Definition of Done', '', '- [ ] All unit tests pass', '- [ ] Code reviewed', ''].join('\n');
    const headings = ['# Tasks', '', '## T1. Set up the project', '', '- [ ] Create the repo', '- [ ] Add CI', ''].join('\n');
    const placeholder = ['# Tasks', '', '- [ ] [Task description]', '- [ ] [Task description]', ''].join('\n');
    // (A table beside the boxes does not stop them: a progress table is common beside real tasks — a review of f9cd0cf.)
    for (const tasks of [list, headings, placeholder]) expect(taskIds(kiroFile(tasks))).toEqual([]);
    // A file of boxes and nothing else is read by place (D-513).
    expect(taskIds(kiroFile(['# Tasks', '', '- [ ] Create the repo', '- [ ] T-1 reminder: send the day-before email', ''].join('\n')))).toEqual(['f/T#1', 'f/T#2']);
  });

  it('Kiro: `## T-001:` headings are the tasks, a progress list of their boxes is none; a dependency keeps the hyphen', () => {
    const ws = kiroFile(['## Progress', '- [x] T-001: Scaffold', '- [ ] T-002: Model', '## T-001: Scaffold', '- **Requirements**: 1.1', '## T-002: Model', '- **依存**: T-001, T-003', ''].join('\n'));
    expect(taskIds(ws)).toEqual(['f/T-001', 'f/T-002']);
    expect(ws.upstream.get('f/T-002')).toContain('f/T-001');
    // The requirement cited is not in requirements.md (real here), and `T-003` is named as written.
    const broken = ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message);
    expect(broken).toHaveLength(2);
    expect(broken[0]).toMatch(/^f\/T-001 implements `f\/R1\.1` \(written `\*\*Requirements\*\*: 1\.1`\)/);
    expect(broken[1]).toMatch(/^`\*\*依存\*\*: T-001, T-003` names `f\/T-003`/);
  });
});

/**
 * Kiro features a folder deeper, kept by stage: ekicyou/dcomp_sample-rs at d5e107c keeps 68 of
 * its features under `.kiro/specs/completed/<feature>/` and `.kiro/specs/backlog/<feature>/`
 * beside 14 at `.kiro/specs/<feature>/`; none of the 68 was read (`init` said 14 folders). Each
 * case is modelled on its lines (completed/event-drag-system/requirements.md lines 48-55,
 * tasks.md lines 62-68), the items and references worked out by hand. Three of its kit files are
 * written whole inside a ````` ````markdown ````` fence (completed/event-hit-test-cache/
 * requirements.md lines 1-2 and 74-81: a chat assistant's answer saved as it came); their tasks'
 * `_Requirements: 1, 3_` named requirements no Markdown heading made (10 LINK_BROKEN).
 */
import { describe, expect, it } from 'vitest';
import { kitDirectory, kitPlaceOf } from '../../../../src/core/read/kit-paths.js';
import { readKitFile } from '../../../../src/core/parse/kits/read-kit.js';
import { loadWorkspace } from '../../../../src/core/index.js';
import { surveyKits } from '../../../../src/core/model/survey-kits.js';
import { testdir } from '../../../helpers/testdir.js';

const REQUIREMENTS = [
  '# Requirements Document',
  '',
  '### Requirement 1: ドラッグ状態管理',
  '',
  '#### Acceptance Criteria',
  '',
  '1. **The** Drag System **shall** エンティティごとのドラッグ状態（非ドラッグ、ドラッグ準備、ドラッグ中）を管理する',
  '2. **When** 任意のマウスボタン（左/右/中）が押下された時, **the** Drag System **shall** ドラッグ準備状態に遷移する',
  '',
].join('\n');
const TASKS = ['# Implementation Plan', '', '- [x] 2. ドラッグ累積器の実装とスレッド間データ転送', '- [x] 2.1 DragAccumulatorとDragAccumulatorResource定義', '  - DragAccumulator構造体を定義', '  - _Requirements: 1.1, 1.2_', ''].join('\n');

describe('Kiro features a folder deeper (dcomp_sample-rs)', () => {
  it('a kit file of `.kiro/specs/<folder>/<feature>/` is its feature’s, whose scope is the path below `specs/`', () => {
    expect(kitPlaceOf('.kiro/specs/completed/event-drag-system/requirements.md', ['kiro'])).toEqual({ kit: 'kiro', scope: 'completed/event-drag-system', stem: 'requirements', folder: '.kiro/specs/completed/event-drag-system' });
    // Not a Kiro file name, a folder whose name opens with `_` (the team's template), or two folders deeper: no kit file.
    expect(kitPlaceOf('.kiro/specs/completed/event-drag-system/research.md', ['kiro'])).toBeNull();
    expect(kitPlaceOf('.kiro/specs/_templates/feature/requirements.md', ['kiro'])).toBeNull();
    expect(kitPlaceOf('.kiro/specs/completed/_draft/requirements.md', ['kiro'])).toBeNull();
    expect(kitPlaceOf('.kiro/specs/completed/progress-review/results/tasks.md', ['kiro'])).toBeNull();
    // Discovery enters those folders, and no deeper.
    expect(kitDirectory('.kiro/specs/completed', ['kiro'])).toBe('enter');
    expect(kitDirectory('.kiro/specs/completed/event-drag-system', ['kiro'])).toBe('enter');
    expect(kitDirectory('.kiro/specs/completed/progress-review/results', ['kiro'])).toBe('skip');
  });

  it('reads their items, resolves their references inside the feature, and `init` lists them', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\n',
      '.kiro/specs/completed/event-drag-system/requirements.md': REQUIREMENTS,
      '.kiro/specs/completed/event-drag-system/tasks.md': TASKS,
      '.kiro/specs/backlog/areka-P1-devtools/requirements.md': '# Requirements Document\n\n### Requirement 1: 開発者ツール\n',
      '.kiro/specs/wintf-P0-event-system/requirements.md': '# Requirements Document\n\n### Requirement 1: イベント\n',
    });
    const ws = loadWorkspace(root);
    expect([...ws.nodes.keys()].filter((id) => /\/(R|T)\d/.test(id)).sort()).toEqual([
      'backlog/areka-P1-devtools/R1',
      'completed/event-drag-system/R1',
      'completed/event-drag-system/R1.1',
      'completed/event-drag-system/R1.2',
      'completed/event-drag-system/T2',
      'completed/event-drag-system/T2.1',
      'wintf-P0-event-system/R1',
    ]);
    expect(ws.relationsOut.get('completed/event-drag-system/T2.1')).toEqual([
      { relation: 'implements', id: 'completed/event-drag-system/R1.1' },
      { relation: 'implements', id: 'completed/event-drag-system/R1.2' },
      { relation: 'refines', id: 'completed/event-drag-system/T2' },
    ]);
    expect(ws.diagnostics.filter((d) => ['LINK_BROKEN', 'ID_DUPLICATE', 'ID_INVALID'].includes(d.code))).toEqual([]);
    expect(surveyKits(root)).toEqual([{ kit: 'kiro', folders: ['.kiro/specs/backlog/areka-P1-devtools', '.kiro/specs/completed/event-drag-system', '.kiro/specs/wintf-P0-event-system'], count: 3 }]);
  });

  it('a folder inside a feature folder is no feature: an old copy there is not read, and `init` agrees (a review of this change)', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\n',
      '.kiro/specs/auth/requirements.md': REQUIREMENTS,
      '.kiro/specs/auth/tasks.md': '- [ ] 1. Log in\n  - _Requirements: 1.1_\n',
      '.kiro/specs/auth/old/requirements.md': REQUIREMENTS,
      '.kiro/specs/auth/old/tasks.md': '- [ ] 1. Log in\n  - _Requirements: 1.3_\n',
    });
    const ws = loadWorkspace(root);
    expect([...ws.nodes.keys()].filter((id) => id.startsWith('auth/old'))).toEqual([]);
    expect(ws.files.filter((f) => f.includes('/old/'))).toEqual([]);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
    expect(surveyKits(root)).toEqual([{ kit: 'kiro', folders: ['.kiro/specs/auth'], count: 1 }]);
  });

  it('an epic whose folder holds only a design: `init` lists it and the features inside it, the folders discovery reads', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\n',
      '.kiro/specs/platform/design.md': '# Platform design\n',
      '.kiro/specs/platform/auth/requirements.md': REQUIREMENTS,
      '.kiro/specs/platform/billing/tasks.md': '- [ ] 1. Charge\n',
      '.kiro/specs/search/requirements.md': REQUIREMENTS,
    });
    const ws = loadWorkspace(root);
    const read = [...new Set(ws.files.map((file) => file.slice(0, file.lastIndexOf('/'))))].sort();
    expect(read).toEqual(['.kiro/specs/platform', '.kiro/specs/platform/auth', '.kiro/specs/platform/billing', '.kiro/specs/search']);
    expect(surveyKits(root)).toEqual([{ kit: 'kiro', folders: read, count: 4 }]);
  });
});

describe('a kit file written whole inside a markdown fence (dcomp_sample-rs)', () => {
  const place = kitPlaceOf('.kiro/specs/completed/event-hit-test-cache/requirements.md', ['kiro'])!;
  const inside = ['# Requirements Document', '', '### Requirement 1: スレッドローカルキャッシュ', '', '#### Acceptance Criteria', '', '1. The NCHITTEST Cache System shall スレッドローカル変数でウィンドウごとのキャッシュを管理する', '', '```rust', 'thread_local! {}', '```'];
  const items = (body: string) => readKitFile(body, 1, place).read.items.map((i) => `${i.id} ${i.line}-${i.end}`);

  it('reads the items inside, at their lines in the file', () => {
    // Line 1 is the fence: the heading is line 4, the criterion line 8.
    expect(items(['````markdown', ...inside, '````', ''].join('\n'))).toEqual(['completed/event-hit-test-cache/R1 4-6', 'completed/event-hit-test-cache/R1.1 8-8']);
    // Blank lines around it, `md` for the language, tildes: the same.
    expect(items(['', '~~~md', ...inside, '~~~', '', ''].join('\n'))).toEqual(['completed/event-hit-test-cache/R1 5-7', 'completed/event-hit-test-cache/R1.1 9-9']);
  });

  it('reads nothing inside a fence that is code, or that closes before the file ends', () => {
    expect(items(['```python', ...inside.slice(0, 7), '```', ''].join('\n'))).toEqual([]);
    // The inner ```rust block closes a fence of three backticks: it is not one fence around the file.
    expect(items(['```markdown', ...inside, '```', ''].join('\n'))).toEqual([]);
    expect(items(['````markdown', ...inside, '````', 'After the fence.', ''].join('\n'))).toEqual([]);
  });
});

/**
 * Kiro requirements a team names with Spec Kit's prefixes (D-503), the form most often left unread by
 * the held-out rounds 21–29: `### FR-1: 楽曲検索` over `- **FR-1.1**: …` (yoppyyyy/yoneko-utawaku,
 * piyonakajima/memogaki, takashi-uchida/kiroween-skeleton-crew: `- FR-1.1: …`), criteria as headings of
 * their own (`#### FR-1.1: 基本カラースキーム`: memogaki's .kiro/specs/7), and requirements whose criteria
 * are unnumbered boxes under a bold label (`#### FR-13：Langfuse 配置`: yeemio/owlclaw), which tasks cite
 * as `_Requirements: FR-1.1, NFR-2.1_`, `_需求：FR-13.1_` or `- **対応FR**: FR-2.4`. Before, the items were
 * not read and the citations said nothing.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';
import { uncitedMatches } from '../../../../src/core/answer/uncited-matches.js';

const kiro = (files: Record<string, string>) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', ...files }));
const items = (ws: ReturnType<typeof loadWorkspace>, file: string) =>
  [...ws.nodes.values()].filter((n) => n.item !== undefined && n.path === file).map((n) => [n.id, n.type, n.item!.line, n.title]);
const findings = (ws: ReturnType<typeof loadWorkspace>) =>
  ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING' || d.code === 'LINK_BROKEN').map((d) => `${d.code} ${d.nodeId ?? ''} ${d.line ?? ''}`);

describe('Kiro requirements named FR-1, their criteria FR-1.1', () => {
  const requirements = [
    '# Requirements Document',
    '',
    '## Requirements',
    '',
    '### FR (Functional Requirements)',
    '',
    '#### FR-1: AdSenseスクリプト統合',
    '- **FR-1.1**: Google AdSenseスクリプトを`index.html`のheadセクションに導入する',
    '- **FR-1.2**: パブリッシャーIDを環境変数で管理可能にする',
    '',
    '#### FR-2：フッター広告表示',
    '- FR-2.1: 画面下部に固定表示されるフッターバナー広告を実装する',
    '- FR-2.2: 広告スロットIDを設定可能にする',
    '',
    '### NFR (Non-Functional Requirements)',
    '',
    '#### NFR-1: パフォーマンス',
    '- **NFR-1.1**: First Contentful Paintを遅延させない',
    '',
  ].join('\n');
  const tasks = [
    '# Implementation Plan',
    '',
    '- [ ] 1. AdSense',
    '  - _Requirements: FR-1.1, NFR-1.1_',
    '- [ ] 2. Footer',
    '  - _Requirements: FR-2_',
    '',
  ].join('\n');

  it('reads each heading as a requirement and each bullet that writes its id as a criterion', () => {
    const ws = kiro({ '.kiro/specs/ads/requirements.md': requirements, '.kiro/specs/ads/tasks.md': tasks });
    expect(items(ws, '.kiro/specs/ads/requirements.md')).toEqual([
      ['ads/FR-1', 'requirement', 7, 'AdSenseスクリプト統合'],
      ['ads/FR-1.1', 'acceptance-criterion', 8, 'Google AdSenseスクリプトを`index.html`のheadセクションに導入する'],
      ['ads/FR-1.2', 'acceptance-criterion', 9, 'パブリッシャーIDを環境変数で管理可能にする'],
      ['ads/FR-2', 'requirement', 11, 'フッター広告表示'],
      ['ads/FR-2.1', 'acceptance-criterion', 12, '画面下部に固定表示されるフッターバナー広告を実装する'],
      ['ads/FR-2.2', 'acceptance-criterion', 13, '広告スロットIDを設定可能にする'],
      ['ads/NFR-1', 'requirement', 17, 'パフォーマンス'],
      ['ads/NFR-1.1', 'acceptance-criterion', 18, 'First Contentful Paintを遅延させない'],
    ]);
    expect(ws.nodes.get('ads/FR-1.1')!.relations?.refines?.ids).toEqual(['ads/FR-1']);
  });

  it('a task citing them implements them; a whole requirement covers its criteria; the one left is COVERAGE_MISSING', () => {
    const ws = kiro({ '.kiro/specs/ads/requirements.md': requirements, '.kiro/specs/ads/tasks.md': tasks });
    expect(ws.nodes.get('ads/T1')!.relations?.implements?.ids).toEqual(['ads/FR-1.1', 'ads/NFR-1.1']);
    expect(ws.nodes.get('ads/T2')!.relations?.implements?.ids).toEqual(['ads/FR-2']);
    expect(findings(ws)).toEqual(['COVERAGE_MISSING ads/FR-1.2 9']);
  });

  it('an id the requirements do not write is LINK_BROKEN, answered with one of its kind', () => {
    const ws = kiro({ '.kiro/specs/ads/requirements.md': requirements, '.kiro/specs/ads/tasks.md': tasks.replace('FR-2_', 'FR-2, FR-1.9_') });
    const broken = ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN');
    expect(broken.map((d) => [d.nodeId, d.line])).toEqual([['ads/T2', 6]]);
    expect(broken[0]!.message).toContain('implements `ads/FR-1.9` (written `_Requirements: FR-2, FR-1.9_`), which does not exist; did you mean `ads/FR-1.');
  });

  it('criteria written as headings of their own (`#### FR-1.1: …`) under `### FR-1:`', () => {
    const text = ['# Requirements Document', '', '## Requirements', '', '### FR-1: カラーパレット', '**ID**: FR-1', '', '#### FR-1.1: 基本カラースキーム', '- 背景色: クリーム', '', '#### FR-1.2: セマンティックカラー', '- 成功: 緑', '', '### FR-2: タイポグラフィ', '', '#### FR-2.1: フォントファミリー', '- 本文: Noto Sans', ''].join('\n');
    const ws = kiro({ '.kiro/specs/theme/requirements.md': text, '.kiro/specs/theme/tasks.md': '- [ ] 1. Colors\n  - _Requirements: FR-1.1, FR-2.1_\n' });
    expect(items(ws, '.kiro/specs/theme/requirements.md')).toEqual([
      ['theme/FR-1', 'requirement', 5, 'カラーパレット'],
      ['theme/FR-1.1', 'acceptance-criterion', 8, '基本カラースキーム'],
      ['theme/FR-1.2', 'acceptance-criterion', 11, 'セマンティックカラー'],
      ['theme/FR-2', 'requirement', 14, 'タイポグラフィ'],
      ['theme/FR-2.1', 'acceptance-criterion', 16, 'フォントファミリー'],
    ]);
    expect(ws.nodes.get('theme/FR-1.1')!.item!.end).toBe(9);
    expect(findings(ws)).toEqual(['COVERAGE_MISSING theme/FR-1.2 11']);
  });

  it('`FR-13.1` where FR-13 writes its criteria as unnumbered boxes under a bold label names FR-13, whose lines hold them', () => {
    const text = ['# Requirements: Langfuse Integration', '', '## 3. 功能需求', '', '#### FR-13：Langfuse 配置', '', '**验收标准**：', '- [ ] THE System SHALL 支持通过配置文件配置 Langfuse', '- [ ] THE System SHALL 验证配置的合法性', ''].join('\n');
    const ws = kiro({ '.kiro/specs/langfuse/requirements.md': text, '.kiro/specs/langfuse/tasks.md': '- [ ] 2.1 Config\n  - _需求：FR-13.1, FR-13.2_\n' });
    expect(ws.relationsOut.get('langfuse/T2.1')).toEqual([{ relation: 'implements', id: 'langfuse/FR-13' }]);
    expect(findings(ws)).toEqual([]);
  });

  it('`- **対応FR**: FR-8.7` (Japanese "corresponding FR") cites as `_Requirements:_` does', () => {
    const text = ['# Requirements', '', '## Functional Requirements', '', '### FR-8: おすすめ', '', '- **FR-8.7**: おすすめタブでは検索セクションを非表示にする', ''].join('\n');
    const tasks16 = ['# Tasks', '', '### Task 16: おすすめタブで検索セクションを非表示に', '- **ID**: T-16', '- **対応FR**: FR-8.7', '- **Acceptance Criteria**:', '  - [x] `updateSearchVisibility(tabName)` を追加', ''].join('\n');
    const ws = kiro({ '.kiro/specs/mvp/requirements.md': text, '.kiro/specs/mvp/tasks.md': tasks16 });
    expect(ws.nodes.get('mvp/T16')!.relations?.implements?.ids).toEqual(['mvp/FR-8.7']);
    expect(findings(ws)).toEqual([]);
  });

  it('a feature whose requirements write no FR item: `FR-3.1` says nothing, as before (a form not read: a paragraph, a table)', () => {
    const text = ['# Requirements', '', '## 2. Functional Requirements', '', '### 2.1 Detection', '', '**FR-3.1: Detect the file**', 'Some text.', ''].join('\n');
    const ws = kiro({ '.kiro/specs/fix/requirements.md': text, '.kiro/specs/fix/tasks.md': '- [ ] 1. Detect\n  - _Requirements: FR-3.1_\n' });
    expect(ws.relationsOut.get('fix/T1') ?? []).toEqual([]);
    expect(findings(ws)).toEqual([]);
    expect(ws.coverage?.untraced ?? []).toEqual([]);
  });

  describe('a review of D-503', () => {
    it('a task citing `FR-1.1` matches no uncited requirement on the prefix `fr` alone', () => {
      const text = ['### FR-1: Search', '- **FR-1.1**: search songs by title', '', '### FR-2: Sort', '- **FR-2.1**: order streams newest first', '- **FR-2.2**: order streams oldest first', ''].join('\n');
      const ws = kiro({ '.kiro/specs/songs/requirements.md': text, '.kiro/specs/songs/tasks.md': '- [ ] 1. Build the widget\n  - _Requirements: FR-1.1_\n' });
      expect(uncitedMatches(ws, 'songs/T1', new Set(['songs/T1', 'songs/FR-1.1']))).toEqual([]);
    });

    it('a file numbering its requirements `### 1. Title` and naming one `### NFR-1:` keeps them all', () => {
      const text = ['## Requirements', '### 1. Roadmap document', '#### Acceptance Criteria', '1. The system shall place ROADMAP.md', '2. The system shall list the specs', '### 2. Focus file', '#### Acceptance Criteria', '1. The focus.md shall say when to read', '## Non-Functional Requirements', '### NFR-1: Lightweight', '- NFR-1.1: under 1 KB', ''].join('\n');
      const ws = kiro({ '.kiro/specs/road/requirements.md': text, '.kiro/specs/road/tasks.md': '- [ ] 1. Roadmap\n  - _Requirements: 1.1, 1.2_\n- [ ] 2. Focus\n  - _Requirements: 2.1, NFR-1.1_\n' });
      expect(items(ws, '.kiro/specs/road/requirements.md').map((i) => i[0])).toEqual(['road/R1', 'road/R1.1', 'road/R1.2', 'road/R2', 'road/R2.1', 'road/NFR-1', 'road/NFR-1.1']);
      expect(findings(ws)).toEqual([]);
    });

    it('inside `### Requirement 1`, `#### FR-1: …` is its tag, not a requirement taking its criteria; a bare `## FR-2` is none', () => {
      const text = ['## FR-2', '', '### Requirement 1: Login', '#### FR-1: Maps to PRD section 4.2', '#### Acceptance Criteria', '1. WHEN valid THEN sign in', '2. WHEN invalid THEN show an error', ''].join('\n');
      const ws = kiro({ '.kiro/specs/auth/requirements.md': text, '.kiro/specs/auth/tasks.md': '- [ ] 1. Login\n  - _Requirements: 1.1, 1.2_\n' });
      expect(items(ws, '.kiro/specs/auth/requirements.md').map((i) => i[0])).toEqual(['auth/R1', 'auth/R1.1', 'auth/R1.2']);
      expect(findings(ws)).toEqual([]);
    });

    it('`FR-1.1` where the feature writes no item of FR-1 says nothing, though it writes FR-3 (`### FR-1.1 Login` headings are not read)', () => {
      const text = ['## Requirements', '### FR-1.1 Login with email', 'Text.', '### FR-1.2 Login with a code', 'Text.', '### FR-3: Performance', '- FR-3.1: Login under 1s', ''].join('\n');
      const ws = kiro({ '.kiro/specs/auth/requirements.md': text, '.kiro/specs/auth/tasks.md': '- [ ] 1. Login\n  - _Requirements: FR-1.1, FR-1.2_\n- [ ] 2. Perf\n  - _Requirements: FR-3.1_\n' });
      expect(findings(ws)).toEqual([]);
    });

    it('ranges (`FR-1.1〜1.3`, `FR-1.1-1.3`, `FR-2.1 - FR-2.2`), lettered requirements (`FR-6b`)', () => {
      const text = ['### FR-1: Search', '- **FR-1.1**: by title', '- **FR-1.2**: by artist', '- **FR-1.3**: every performance', '', '### FR-2: Sort', '- FR-2.1: newest', '- FR-2.2: oldest', '', '### FR-6b: Recommend', '- **FR-6b.1**: a random pick', ''].join('\n');
      const tasks = ['- [ ] 1. A', '  - _Requirements: FR-1.1〜1.3_', '- [ ] 2. B', '  - _Requirements: FR-1.1-1.2, FR-6b.1_', '- [ ] 3. C', '  - _Requirements: FR-2.1 - FR-2.2_', ''].join('\n');
      const ws = kiro({ '.kiro/specs/songs/requirements.md': text, '.kiro/specs/songs/tasks.md': tasks });
      const implemented = (id: string) => (ws.relationsOut.get(id) ?? []).filter((e) => e.relation === 'implements').map((e) => e.id.slice('songs/'.length));
      expect(['songs/T1', 'songs/T2', 'songs/T3'].map(implemented)).toEqual([
        ['FR-1.1', 'FR-1.2', 'FR-1.3'],
        ['FR-1.1', 'FR-1.2', 'FR-6b.1'],
        ['FR-2.1', 'FR-2.2'],
      ]);
      expect(findings(ws)).toEqual([]);
    });
  });
  describe('a second review (of 89bfba0)', () => {
    const requirements = ['## Requirements', '### Requirement 1: Search', '#### Acceptance Criteria', '1. WHEN typing THEN filter', '2. WHEN empty THEN show all', '', '## Non-Functional Requirements', '### NFR-1: Speed', '- NFR-1.1: under 100 ms', '### FR-1（一覧）', '- FR-1.1: list them', '### FR-2', '- **FR-2.1**: sort them', ''].join('\n');

    it('a task citing a requirement the feature does not write (`FR-3.1`, `NFR-2.1`) is LINK_BROKEN; Kiro numbers after an NFR id stay Kiro\'s', () => {
      const tasks = ['- [ ] 1. A', '  - _Requirements: NFR-1.1, 1.1, 1.2_', '- [ ] 2. B', '  - _Requirements: FR-3.1, NFR-2.1, FR-1.1, FR-2.1_', ''].join('\n');
      const ws = kiro({ '.kiro/specs/s/requirements.md': requirements, '.kiro/specs/s/tasks.md': tasks });
      const implemented = (id: string) => (ws.relationsOut.get(id) ?? []).filter((e) => e.relation === 'implements').map((e) => e.id.slice(2));
      expect([implemented('s/T1'), implemented('s/T2')]).toEqual([['NFR-1.1', 'R1.1', 'R1.2'], ['FR-1.1', 'FR-2.1']]);
      expect(findings(ws)).toEqual(['LINK_BROKEN s/T2 4', 'LINK_BROKEN s/T2 4']);
      expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message.split(' (written')[0])).toEqual(['s/T2 implements `s/FR-3.1`', 's/T2 implements `s/NFR-2.1`']);
    });

    it('written without the dash, `### NFR1: Security` beside `### Requirement 1` is `NFR-1`, and `_Requirements: NFR3_` cites it (a forty-second round)', () => {
      // twotaco/faxi at 88adf62, .kiro/specs/amazon-shopping-mcp: `## Non-Functional Requirements` over `### NFR1:` … `### NFR5:`; tasks cite `NFR3`, `NFR2, NFR4`.
      const text = ['## Requirements', '### Requirement 1: Product Discovery', '#### Acceptance Criteria', '1. WHEN a user asks THEN the system SHALL search', '', '## Non-Functional Requirements', '', '### NFR1: Security and Data Protection', '', '1. THE Faxi System SHALL encrypt all payment method data at rest', '', '### NFR2: Performance', '- NFR2.1: under 2 seconds', '', '### NFR3: Reliability', ''].join('\n');
      const tasks = ['- [ ] 1. Search', '  - _Requirements: 1.1, NFR1_', '- [ ] 2. Speed', '  - _Requirements: NFR-2.1, NFR3_', '- [ ] 3. More', '  - _Requirements: NFR4_', ''].join('\n');
      const ws = kiro({ '.kiro/specs/a/requirements.md': text, '.kiro/specs/a/tasks.md': tasks });
      expect(items(ws, '.kiro/specs/a/requirements.md').map((i) => [i[0], i[1]])).toEqual([
        ['a/R1', 'requirement'],
        ['a/R1.1', 'acceptance-criterion'],
        ['a/NFR-1', 'requirement'],
        ['a/NFR-2', 'requirement'],
        ['a/NFR-2.1', 'acceptance-criterion'],
        ['a/NFR-3', 'requirement'],
      ]);
      const implemented = (id: string) => (ws.relationsOut.get(id) ?? []).filter((e) => e.relation === 'implements').map((e) => e.id);
      expect([implemented('a/T1'), implemented('a/T2')]).toEqual([['a/NFR-1', 'a/R1.1'], ['a/NFR-2.1', 'a/NFR-3']]);
      expect(findings(ws)).toEqual(['LINK_BROKEN a/T3 6']);
      // Only `FR`, `NFR` and `SC`, and only before a colon: a board's pin labels stay headings (a review).
      const board = ['### CS1: SPI flash chip select (PA4)', '### CE1: Radio chip enable (PB0)', '### RF1 Antenna matching network', '### NFR4 Power budget', ''].join('\n');
      const pins = kiro({ '.kiro/specs/b/requirements.md': board });
      expect(items(pins, '.kiro/specs/b/requirements.md')).toEqual([]);
    });

    it('headings `### FR-1（楽曲検索）`, `### FR-2—Sort`, `### FR-5、共有` and a bare `### FR-3` over its criteria are requirements', () => {
      const text = ['### FR-1（楽曲検索）', '- FR-1.1: 曲名', '### FR-2—Sort', '- FR-2.1: newest', '### FR-3', '- **FR-3.1**: play', '### FR-5、共有', '- FR-5.1: share', ''].join('\n');
      const ws = kiro({ '.kiro/specs/m/requirements.md': text });
      expect(items(ws, '.kiro/specs/m/requirements.md').filter((i) => i[1] === 'requirement').map((i) => [i[0], i[3]])).toEqual([
        ['m/FR-1', '楽曲検索'],
        ['m/FR-2', 'Sort'],
        ['m/FR-3', 'FR-3'],
        ['m/FR-5', '共有'],
      ]);
    });

    it('`FR-n` headings grouped under `## Requirement N` with criteria of their own are requirements', () => {
      const text = ['## Requirement 1: User management', '### FR-1: Create user', '- **FR-1.1**: by email', '- **FR-1.2**: by code', '## Requirement 2: Reports', '### FR-3: Export', '- FR-3.1: CSV', ''].join('\n');
      const ws = kiro({ '.kiro/specs/u/requirements.md': text, '.kiro/specs/u/tasks.md': '- [ ] 1. Users\n  - _Requirements: FR-1.1, FR-1.2_\n- [ ] 2. Export\n  - _Requirements: FR-3.1_\n' });
      expect(items(ws, '.kiro/specs/u/requirements.md').map((i) => i[0])).toEqual(['u/R1', 'u/FR-1', 'u/FR-1.1', 'u/FR-1.2', 'u/R2', 'u/FR-3', 'u/FR-3.1']);
      expect(findings(ws)).toEqual([]);
    });

    it('criteria headings whose requirement only tags a section (`### 3.1 模板管理（FR-1）` over `#### FR-1.1：…`); `FR-1` whole names them', () => {
      const text = ['# Requirements: SKILL.md 模板库', '', '## 3. 功能需求', '', '### 3.1 模板管理（FR-1）', '', '#### FR-1.1：模板注册与加载', '- 扫描目录', '', '#### FR-1.2：模板元数据', '- 名称', ''].join('\n');
      const ws = kiro({ '.kiro/specs/t/requirements.md': text, '.kiro/specs/t/tasks.md': '- [ ] 1. 模板\n  - _需求：FR-1_\n- [ ] 2. 加载\n  - _需求：FR-1.1_\n' });
      expect(items(ws, '.kiro/specs/t/requirements.md').map((i) => [i[0], i[1], i[2]])).toEqual([
        ['t/FR-1.1', 'acceptance-criterion', 7],
        ['t/FR-1.2', 'acceptance-criterion', 10],
      ]);
      expect(ws.relationsOut.get('t/T1')!.filter((e) => e.relation === 'implements').map((e) => e.id)).toEqual(['t/FR-1.1', 't/FR-1.2']);
      expect(findings(ws)).toEqual([]);
    });
  });
});

describe('the words a task is matched by', () => {
  it('leave out the prefix of an id (`FR-1.1`), not the same letters written as a word (`RF`)', async () => {
    const { queryTerms } = await import('../../../../src/core/answer/task-words.js');
    expect(queryTerms('The firmware SHALL support RF and FR-1.1, NFR-2, FR-SEC-19').filter((t) => /^(?:rf|fr|nfr|sec)$/.test(t))).toEqual(['rf']);
  });
});

/**
 * Forms a twenty-first round of public repositories wrote, judged by hand on ba11aa1 before anything
 * was changed for them (133 reference findings, 42 false: 40 from one form), and a review of the
 * twentieth round's change; each case is modelled on the lines quoted, its items and references
 * worked out by hand:
 * - perezjoseph/Gestion-inmobiliaria at 1cf9b5b: `## Requirements` over `### 1. Guidance Rule Data
 *   Model` and its paragraphs `1.1 Each guidance rule has: …` (.kiro/specs/agent-guidance-redesign/
 *   requirements.md lines 17-31): no criteria read, so its tasks' `_Requirements: 1.1, 1.3_` were 79
 *   false LINK_BROKEN; `_Requirements: 3.2 through 3.9_` (android-feature-parity/tasks.md line 128);
 * - rokusoudo-product/terra-town at f8cddd6: requirements without bold or colon, `- FR-7 オフライン移動を
 *   蓄積し、…` (specs/001-mvp/spec.md lines 103-118: FR-7 and NFR-1 false LINK_BROKEN), and stories as
 *   bold list items, `- **US-1（散歩ユーザー）**: 通勤・散歩で歩いた場所の…` (lines 95-98: 53 `[USn]` unresolved);
 * - 13g7895123/blog at af8e236: a phase's mapping line under its heading, `**需求對應**：FR-001, FR-002, …`
 *   (frontend/specs/001-blog-crud/tasks.md line 78): its tasks implemented nothing by id.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { numberList } from '../../../../src/core/parse/kits/number-list.js';
import { testdir } from '../../../helpers/testdir.js';

describe('Kiro: numbered requirements whose paragraphs write their numbers (Gestion-inmobiliaria)', () => {
  const requirements = [
    '# Requirements Document', // 1
    '', // 2
    '## Introduction', // 3
    '', // 4
    '1.1 This paragraph is numbered but no requirement.', // 5
    '', // 6
    '## Requirements', // 7
    '', // 8
    '### 1. Guidance Rule Data Model', // 9
    '', // 10
    '1.1 Each guidance rule has: id (UUID), category, instruction text (max 500 chars), enabled flag.', // 11
    '', // 12
    '1.2 Categories are: `estilo_comunicacion`, `contexto_clarificacion`, `escalamiento`.', // 13
    '', // 14
    '### 2. Predefined Templates', // 15
    '', // 16
    '2.1 The system provides predefined template rules for all four categories.', // 17
    '',
  ].join('\n');
  const tasks = ['- [ ] 1. Data model', '  - _Requirements: 1.1, 1.2_', '- [ ] 2. Templates', '  - _Requirements: 2.1 through 2.1_', ''].join('\n');
  const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/g/requirements.md': requirements, '.kiro/specs/g/tasks.md': tasks }));

  it('under `## Requirements`, `### 1. Title` is requirement 1 and `1.1 …` its criterion; a numbered paragraph elsewhere is none', () => {
    const items = [...ws.nodes.values()].filter((node) => node.item !== undefined && node.path.endsWith('requirements.md')).map((node) => `${node.id} ${node.item!.line}`);
    expect(items).toEqual(['g/R1 9', 'g/R1.1 11', 'g/R1.2 13', 'g/R2 15', 'g/R2.1 17']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'COVERAGE_MISSING')).toEqual([]);
  });

  it('`3.2 through 3.9` is a range', () => {
    expect(numberList('3.2 through 3.5').numbers).toEqual(['3.2', '3.3', '3.4', '3.5']);
  });
});

describe('Spec Kit as terra-town and blog write it', () => {
  const spec = [
    '## 8. ユーザーストーリー', // 1
    '', // 2
    '- **US-1（散歩ユーザー）**: 通勤・散歩で歩いた場所の実地図が開拓され、自分の街が広がるのを見たい。', // 3
    '- **US-2（収集ユーザー）**: その土地でしか取れない資材・名所を集めたい。', // 4
    '', // 5
    '### 機能要件（MVP）', // 6
    '- FR-7 オフライン移動を蓄積し、オンライン復帰時に反映。', // 7
    '- FR-8 to FR-9 は次の版で。', // 8
    '', // 9
    '### 非機能要件', // 10
    '- NFR-1 バッテリー消費を抑えた位置記録（常時高精度GPSを使わない）。', // 11
    '',
  ].join('\n');
  const tasks = ['- [ ] T061 [US1] オフライン蓄積→前景復帰時の状態反映を実装（FR-7・MVP は端末内完結）', '- [ ] T113 [P] [US2] 電池消費の実測と省電力チューニング（NFR-1・距離しきい値の最終調整）', ''].join('\n');
  const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-mvp/spec.md': spec, 'specs/001-mvp/tasks.md': tasks }));

  it('`- FR-7 …` (no bold, no colon) is requirement FR-7, a range is none; `- **US-1（…）**: …` is story US1', () => {
    const items = [...ws.nodes.values()].filter((node) => node.item !== undefined && node.path.endsWith('spec.md')).map((node) => `${node.id} ${node.type} ${node.item!.line} ${node.title}`);
    expect(items).toEqual([
      '001-mvp/US1 user-story 3 通勤・散歩で歩いた場所の実地図が開拓され、自分の街が広がるのを見たい。',
      '001-mvp/US2 user-story 4 その土地でしか取れない資材・名所を集めたい。',
      '001-mvp/FR-7 functional-requirement 7 オフライン移動を蓄積し、オンライン復帰時に反映。',
      '001-mvp/NFR-1 non-functional-requirement 11 バッテリー消費を抑えた位置記録（常時高精度GPSを使わない）。',
    ]);
    expect(ws.relationsOut.get('001-mvp/T061')).toEqual([
      { relation: 'implements', id: '001-mvp/FR-7' },
      { relation: 'implements', id: '001-mvp/US1' },
    ]);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
  });

  it('`**需求對應**：FR-001, FR-002` under a phase heading: its tasks implement them, as ids in the heading would', () => {
    const blog = [
      '## Phase 3：使用者故事 1 - 建立與編輯文章（優先級：P1）', // 1
      '', // 2
      '**目標**：作者可以建立新文章', // 3
      '', // 4
      '**需求對應**：FR-001, FR-002', // 5
      '', // 6
      '### 實作使用者故事 1', // 7
      '', // 8
      '- [X] T017 [P] [US1] 實作 usePost composable', // 9
      '', // 10
      '## Phase 4：使用者故事 2', // 11
      '', // 12
      '- [X] T023 [US2] 建立文章列表頁面', // 13
      '',
    ].join('\n');
    const other = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-blog/spec.md': '### User Story 1 - 建立與編輯文章 (Priority: P1)\n\n### User Story 2 - 列表 (Priority: P2)\n\n- **FR-001**: 建立文章\n- **FR-002**: 編輯文章\n- **FR-003**: 列表\n', 'specs/001-blog/tasks.md': blog }));
    expect(other.relationsOut.get('001-blog/T017')).toEqual([
      { relation: 'implements', id: '001-blog/FR-001' },
      { relation: 'implements', id: '001-blog/FR-002' },
      { relation: 'implements', id: '001-blog/US1' },
    ]);
    expect(other.relationsOut.get('001-blog/T023')).toEqual([{ relation: 'implements', id: '001-blog/US2' }]);
    // Read so, the feature is traced: the requirement no phase maps is a real gap.
    expect(other.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING').map((d) => d.nodeId)).toEqual(['001-blog/FR-003']);
  });
});

describe('a review of the twentieth round’s change', () => {
  const requirements = ['### Requirement 1: Login', '#### Acceptance Criteria', '1. WHEN x THEN the system SHALL y', '2. WHEN a THEN the system SHALL b', '### Requirement 2: Logout', '#### Acceptance Criteria', '1. WHEN x THEN the system SHALL y', '2. WHEN a THEN the system SHALL b', ''].join('\n');
  const load = (tasks: string) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/f/requirements.md': requirements, '.kiro/specs/f/tasks.md': tasks }));

  it('a plain `Ref:` line, or `_Refs:_` not before a word for requirements, cites nothing', () => {
    const ws = load(['- [ ] 1. Login form', '  - Ref: design.md section 4.2, 1.2', '  - _Refs: Bugs 3, 6_', '  - _Requirements: 1.1_', '- [ ] 2. Logout', '  - _Refs: Requirements 2.1, 2.2_', '  - _Requirements: 1.2_', ''].join('\n'));
    expect(ws.relationsOut.get('f/T1')).toEqual([{ relation: 'implements', id: 'f/R1.1' }]);
    expect(ws.relationsOut.get('f/T2')).toEqual([
      { relation: 'implements', id: 'f/R1.2' },
      { relation: 'implements', id: 'f/R2.1' },
      { relation: 'implements', id: 'f/R2.2' },
    ]);
  });

  it('a link to the requirements file in bold is no practice of citing: `**验证**: 需求 1.1` still implements', () => {
    const ws = load(['> **Requirements**: [requirements.md](./requirements.md)', '', '- [ ] 1. 登录', '  - **验证**: 需求 1.1, 1.2', '- [ ] 2. 登出', '  - **验证**: 需求 2.1, 2.2', ''].join('\n'));
    expect(ws.relationsOut.get('f/T1')).toEqual([
      { relation: 'implements', id: 'f/R1.1' },
      { relation: 'implements', id: 'f/R1.2' },
    ]);
  });

  it.each([
    ['a group of criteria keeps its prose to itself', '1, 2 (ACs 1-2; AC 3 in task 2)', ['2.1', '2.2', '2.3', '1']],
    ['full-width parentheses are parentheses', '1.1、1.2（见设计第 3 节）、2', ['1.1', '1.2', '2']],
    ['a number with its kind’s letter is the list’s', 'Bugs 3, 6, R1', ['1']],
    ['a word before a label word only qualifies it', 'All requirements 1, 2', ['1', '2']],
    ['requirement words of other languages are labels', 'Anforderung 1, 2; Exigence 3; Req. 4', ['1', '2', '3', '4']],
  ])('requirements: %s', (_name, list, numbers) => {
    expect(numberList(list).numbers).toEqual(numbers);
  });

  it('task lists: `Milestone 1, T2, T3` names T2 and T3', () => {
    expect(numberList('Milestone 1, T2, T3', Infinity, 'task').numbers).toEqual(['2', '3']);
    expect(numberList('Wave 1, T1.2', Infinity, 'task').numbers).toEqual(['1.2']);
  });

  it('`### R1-R2 — Shared` is no requirement; `- R1.1 — …` criteria lose the dash from their titles', () => {
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/r/requirements.md': ['### R1 — Login', '- R1.1 — The system SHALL log in', '### R1-R2 — Shared constraints', 'Text.', ''].join('\n') }));
    expect([...ws.nodes.values()].filter((n) => n.item !== undefined).map((n) => `${n.id} ${n.title}`)).toEqual(['r/R1 Login', 'r/R1.1 The system SHALL log in']);
  });

  it('no task from chance words (`S3 bucket`, `K8s`), nor from a date (`2024-01.`)', () => {
    const ws = load(['- [ ] S3 bucket for uploads', '- [ ] K8s manifests', '- [ ] V2 API client', '- [ ] 2024-01. January report', ''].join('\n'));
    // Since D-513 a Kiro file of boxes with no task number reads each by its place, as Spec Kit and OpenSpec do.
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => `${n.id} ${n.title}`)).toEqual(['f/T#1 S3 bucket for uploads', 'f/T#2 K8s manifests', 'f/T#3 V2 API client', 'f/T#4 2024-01. January report']);
  });

  it('Spec Kit: `### FR-1 Rate limiting (Priority: P1)` is a requirement, `### Step 3 Deploy (Priority: P1)` no story, `### FR-5 vs FR-6` nothing', () => {
    const spec = ['### User Story 1 - Login (Priority: P1)', '', '### FR-1 Rate limiting (Priority: P1)', '', '### Step 3 Deploy (Priority: P1)', '', '### FR-5 vs FR-6 tradeoffs', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-f/spec.md': spec }));
    expect([...ws.nodes.values()].filter((n) => n.item !== undefined).map((n) => n.id)).toEqual(['001-f/US1', '001-f/FR-1']);
  });
});

/**
 * Forms a seventy-first round of held-out repositories wrote (D-555), modelled on the lines quoted:
 * omoch1-2357/Axiomind at 9edee65 (Kiro, English), .kiro/specs/system-and-cli/tasks.md:133-146: `- [x] 8. Implement analysis and
 * utility commands`, then ` - [x] 8.1 Create replay command functionality` (the box one space in) over `  - Implement ReplayCommand …`
 * and `  - _Requirements: 4.1_` (two spaces in: less than CommonMark nests under the box, so each line is an item beside it). Tasks
 * 2.1, 7.3 and 8.1–8.4 lost their citations: 5 false COVERAGE_MISSING.
 */
import { describe, expect, it } from 'vitest';
import { buildReport, loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const REQUIREMENTS = ['### Requirement 4: Analysis', '', '#### Acceptance Criteria', '', '1. THE CLI SHALL replay hands', '2. THE CLI SHALL compute statistics', ''].join('\n');
const load = (tasks: string) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/cli/requirements.md': REQUIREMENTS, '.kiro/specs/cli/tasks.md': tasks }));
const edges = (ws: ReturnType<typeof load>, id: string) => (ws.relationsOut.get(`cli/${id}`) ?? []).map((e) => `${e.relation} ${e.id.slice('cli/'.length)}`);

describe('a task\'s lines written flat: less indented than CommonMark nests, right of its own box', () => {
  const TASKS = [
    '# Implementation Plan', // 1
    '', // 2
    '- [x] 8. Implement analysis and utility commands', // 3
    ' - [x] 8.1 Create replay command functionality', // 4
    '  - Implement ReplayCommand for hand history playback', // 5
    '  - Write integration tests for replay accuracy', // 6
    '  - _Requirements: 4.1_', // 7
    '', // 8
    ' - [x] 8.2 Implement statistics generation command', // 9
    '  - Create StatsCommand for hand history analysis', // 10
    '  - _Requirements: 4.2_', // 11
    '', // 12
    '- [ ] 9. Implement simulation commands', // 13
    '- Notes: the simulation waits for the engine', // 14
    '', // 15
  ].join('\n');

  it('are its lines: what they cite is the task\'s, and its text holds them; no finding', () => {
    const ws = load(TASKS);
    expect(edges(ws, 'T8.1')).toEqual(['implements R4.1', 'refines T8']);
    expect(edges(ws, 'T8.2')).toEqual(['implements R4.2', 'refines T8']);
    const task = ws.nodes.get('cli/T8.1')!;
    expect([task.item!.line, task.item!.end]).toEqual([4, 7]);
    const report = buildReport(ws);
    expect([...report.errors, ...report.warnings].map((f) => `${f.code} ${f.message}`)).toEqual([]);
  });

  it('an item at its box\'s column (or left of it) after a task is not its line, as before', () => {
    const ws = load(TASKS.replace('  - Create StatsCommand', ' - Create StatsCommand'));
    expect(edges(ws, 'T8.2')).toEqual(['refines T8']);
    expect(ws.nodes.get('cli/T8.2')!.item!.end).toBe(9);
    expect(load(TASKS).nodes.get('cli/T9')!.item!.end).toBe(13);
  });

  it('sub-tasks under a flat line are their own, and a quote or a list after a comment is no task\'s line (a review)', () => {
    const nested = load(['# Tasks', '', '- [ ] 2. Build API', ' - Sub-tasks:', '   - [ ] 2.1 Endpoint', '     - _Requirements: 4.1_', ''].join('\n'));
    expect(edges(nested, 'T2')).toEqual([]);
    expect(nested.nodes.get('cli/T2')!.item!.end).toBe(4);
    expect(edges(nested, 'T2.1')).toEqual(['implements R4.1', 'refines T2']);
    expect(edges(load(['- [ ] 2. Build', '', ' > - _Requirements: 4.1_ quoted from the review', ''].join('\n')), 'T2')).toEqual([]);
    expect(edges(load(['- [ ] 2. Build', '<!-- TODO -->', ' - _Requirements: 4.1_', ''].join('\n')), 'T2')).toEqual([]);
  });

  it('a flat line that cites is its task\'s alone, not the metadata of a group of tasks before it that cite nothing', () => {
    const tasks = ['## Tasks', '', '- [ ] 1. Plan the commands', '- [ ] 2. Build the replay', '  - _Requirements: 4.1_', ''].join('\n');
    const flat = load(tasks.replace('- [ ] 2. Build', ' - [ ] 2. Build'));
    expect(edges(flat, 'T1')).toEqual([]);
    expect(edges(flat, 'T2')).toEqual(['implements R4.1']);
  });
});

/*
 * tkrrrrkt/EPM-UIMOCK at 9aea007 (Kiro, cc-sdd in Japanese), .kiro/specs/meetings/meeting-report-layout/requirements.md:89-96:
 * `### FR-1: レイアウト一覧表示`, `#### Acceptance Criteria`, then a table `| ID | 要件 | 優先度 |` of rows
 * `| FR-1.1 | When ユーザーが会議種別を選択した時, the Report Layout Service shall … | P1 |`; :211-219 FR-11's table writes `| FR-12.3 |`
 * to `| FR-12.9 |` (a slip); tasks.md:58 `_Requirements: 6.1, 11.1, 12.1_`, :237 `_Requirements: 12.4_`. No criterion was read from
 * a table, and a bare `1.1` named `R1.1`: 50 false LINK_BROKEN.
 */
const TABLED = [
  '## Functional Requirements', // 1
  '', // 2
  '### FR-1: レイアウト一覧表示', // 3
  '', // 4
  '#### Acceptance Criteria', // 5
  '', // 6
  '| ID | 要件 | 優先度 |', // 7
  '|----|------|--------|', // 8
  '| FR-1.1 | When ユーザーが会議種別を選択した時, the Report Layout Service shall レイアウト一覧を表示する | P1 |', // 9
  '| FR-1.2 | The Report Layout Service shall レイアウト名を表示する | P1 |', // 10
  '', // 11
  '### FR-2: コンポーネントタイプ設定', // 12
  '', // 13
  '#### Acceptance Criteria', // 14
  '', // 15
  '| ID | 要件 | 優先度 |', // 16
  '|----|------|--------|', // 17
  '| FR-2.1 | When タイプが KPI_CARD の時, the UI shall 設定を表示する \\| 一覧 | P1 |', // 18
  '| FR-3.2 | When タイプが CHART の時, the UI shall 設定を表示する | P1 |', // 19
  '', // 20
  '<!--', // 21
  '| FR-2.3 | removed criterion |', // 22
  '-->', // 23
  '', // 24
  '```markdown', // 25
  '| FR-2.9 | an example in a fence |', // 26
  '```', // 27
  '', // 28
  '### FR-3: config_json', // 29
  '', // 30
  '#### Acceptance Criteria', // 31
  '', // 32
  '| **FR-3.1** | The service shall keep config_json | P2 |', // 33
  '', // 34
  '#### Traceability', // 35
  '', // 36
  '| FR-1.1 | Task 2.1 |', // 37
  '', // 38
  '## Non-Functional Requirements', // 39
  '', // 40
  '### NFR-1: セキュリティ', // 41
  '', // 42
  '| ID | 要件 |', // 43
  '|----|------|', // 44
  '| NFR-1.1 | UIはBFF経由でのみデータを取得する |', // 45
  '', // 46
].join('\n');

const loadTabled = (requirements: string, tasks: string) =>
  loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/layout/requirements.md': requirements, '.kiro/specs/layout/tasks.md': tasks }));
const itemsOf = (ws: ReturnType<typeof load>) => [...ws.nodes.values()].filter((n) => n.item !== undefined && n.type !== 'task').map((n) => `${n.id.slice('layout/'.length)} ${n.item!.line}-${n.item!.end} ${n.relations?.refines?.ids.join(',').replace(/layout\//g, '') ?? ''}`.trim());

describe('a prefixed requirement\'s criteria kept in a table, cited by bare numbers', () => {
  const TASKS = ['- [ ] 1. Build the list', '  - _Requirements: 1.1, 1.2, 2.1_', '- [ ] 2. Build the settings', '  - _Requirements: 3.1, 3.2_', '  - _Requirements: NFR-1.1_', ''].join('\n');

  it('each row that writes a requirement\'s id and a number is that criterion; `1.1` names `FR-1.1`; no finding', () => {
    const ws = loadTabled(TABLED, TASKS);
    // Not a row in a comment or a fence, nor one under another heading than the criteria's (`#### Traceability`: a review).
    expect(itemsOf(ws)).toEqual(['FR-1 3-8', 'FR-1.1 9-9 FR-1', 'FR-1.2 10-10 FR-1', 'FR-2 12-17', 'FR-2.1 18-18 FR-2', 'FR-3.2 19-19 FR-3', 'FR-3 29-31', 'FR-3.1 33-33 FR-3', 'NFR-1 41-44', 'NFR-1.1 45-45 NFR-1']);
    expect(ws.nodes.get('layout/FR-1.1')!.title).toBe('When ユーザーが会議種別を選択した時, the Report Layout Service shall レイアウト一覧を表示する');
    expect(ws.nodes.get('layout/FR-2.1')!.title).toBe('When タイプが KPI_CARD の時, the UI shall 設定を表示する | 一覧');
    expect(ws.relationsOut.get('layout/T1')!.map((e) => e.id.slice('layout/'.length))).toEqual(['FR-1.1', 'FR-1.2', 'FR-2.1']);
    const report = buildReport(ws);
    expect([...report.errors, ...report.warnings].map((f) => `${f.code} ${f.message}`)).toEqual([]);
  });

  it('a number no row has is still broken; a bare number in a feature that numbers `Requirement N` is Kiro\'s own, as before', () => {
    const broken = buildReport(loadTabled(TABLED, `${TASKS}- [ ] 3. More\n  - _Requirements: 4.1_\n`));
    expect(broken.errors.map((f) => `${f.code} ${f.line}`)).toEqual(['LINK_BROKEN 7']);
    const numbered = loadTabled(`### Requirement 1: Base\n\n#### Acceptance Criteria\n\n1. THE system SHALL start\n\n${TABLED}`, '- [ ] 1. Start\n  - _Requirements: 1.1_\n');
    expect(numbered.relationsOut.get('layout/T1')!.map((e) => e.id)).toEqual(['layout/R1.1']);
    // `FR-` before `NFR-` (`1.1` where both are items); not in a list that writes a prefix; a whole number names `FR-2` (D-560's review),
    // but not where the feature numbers a section so (`## 2. 非機能要件`: D-557's review).
    const both = loadTabled(TABLED, '- [ ] 1. Start\n  - _Requirements: 1.1_\n- [ ] 2. More\n  - _Requirements: FR-1.1, NFR-1.1, 2.1_\n- [ ] 3. Sections\n  - _Requirements: 2_\n');
    expect(both.relationsOut.get('layout/T1')!.map((e) => e.id)).toEqual(['layout/FR-1.1']);
    expect(both.relationsOut.get('layout/T2')!.map((e) => e.id)).toEqual(['layout/FR-1.1', 'layout/NFR-1.1']);
    expect(both.relationsOut.get('layout/T3')!.map((e) => e.id)).toEqual(['layout/FR-2']);
    const sectioned = loadTabled(`${TABLED}\n## 2. 非機能要件\n\nThe service is fast.\n`, '- [ ] 3. Sections\n  - _Requirements: 2_\n');
    expect(sectioned.relationsOut.get('layout/T3') ?? []).toEqual([]);
  });

  it('not the table of a requirement whose criteria are read otherwise', () => {
    const listed = TABLED.replace('| ID | 要件 | 優先度 |\n|----|------|--------|\n| FR-1.1', '- **FR-1.1**: The service shall list\n\n| ID | 要件 | 優先度 |\n|----|------|--------|\n| FR-1.1');
    expect(itemsOf(loadTabled(listed, '- [ ] 1. Build\n')).slice(0, 3)).toEqual(['FR-1 3-5', 'FR-1.1 7-7 FR-1', 'FR-2 14-19']);
    // Nor rows in a comment of several lines (a last read).
    const commented = '### FR-1: Layout\n\n<!--\n| FR-1.1 | a |\n| FR-1.2 | b |\n-->\n\n| FR-1.3 | c |\n';
    expect(itemsOf(loadTabled(commented, '- [ ] 1. Build\n'))).toEqual(['FR-1 1-6', 'FR-1.3 8-8 FR-1']);
  });
});

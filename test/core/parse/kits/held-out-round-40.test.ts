/**
 * Forms a fortieth round of public repositories wrote, judged by hand on c8fed64 before anything was changed for them
 * (161 reference findings, 54 false, 40 of them of one form; 90 tasks unread):
 * - wildlife-creator/bijiyu (1b7967b): Kiro requirements.md codes each requirement with the feature's letters
 *   (`### REQ-BL-008: 定期実行処理の実装方式`, .kiro/specs/billing/requirements.md line 373; `#### REQ-ADM-010B: …`), its
 *   points bullets; tasks cite `_Requirements: 4.1, 8.1, 8.2_` (billing/tasks.md line 50), the numbers design.md's
 *   traceability table gives them (`| 8.2 (REQ-BL-008) | expire-options / close-expired-jobs … |`, design.md line 432;
 *   in organization `| 3.3 (REQ-ORG-009) |`, `| 5.1 (非機能 / セキュリティ) |`), or `_Requirements: 011, 010B_` (admin),
 *   or `_Requirements: REQ-JP-004_` (job-posting): 718 false LINK_BROKEN. And `_Requirements: 7B.1, 7B.2_`
 *   (master-area-multi-select/tasks.md line 81) under `### Requirement 7B`: not read, 8 false COVERAGE_MISSING.
 * - Stefan/orka-ppm (see D-517 for its commit): after tasks `0.`–`12.`, a later phase's `- [x] P2.1. Implement Anomaly
 *   Detection` over `  - [x] P2.1.1 Create \`lib/anomaly-detection.ts\`` (.kiro/specs/costbook-4-0/tasks.md line 526): 53
 *   tasks unread, so what only they cite was COVERAGE_MISSING (32 false); ten features name their files `Tasks.md`,
 *   `Requirements.md`, `Design.md` (.kiro/specs/change-order-workflow/Tasks.md): not read at all.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

type Ws = ReturnType<typeof loadWorkspace>;
const kiro = (files: Record<string, string>): Ws =>
  loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', ...Object.fromEntries(Object.entries(files).map(([name, text]) => [`.kiro/specs/f/${name}`, text])) }));
const codes = (ws: Ws): string[] => ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'COVERAGE_MISSING').map((d) => `${d.code} ${d.line}`);
const implemented = (ws: Ws, id: string): string[] => (ws.relationsOut.get(id) ?? []).filter((e) => e.relation === 'implements').map((e) => e.id);

const REQUIREMENTS = [
  '# 課金機能 — 要件定義',
  '',
  '## 機能要件',
  '',
  '### REQ-BL-001: 有料プラン案内（CLI-026）',
  '',
  '- 全プランの一覧と比較表を表示する',
  '',
  '### REQ-BL-008: 定期実行処理の実装方式',
  '',
  '- pg_cron ジョブの登録はマイグレーションファイルで行う',
  '',
  '#### 処理フロー',
  '',
  '1. ジョブを登録する',
  '2. 実行時刻をずらす',
  '',
  '### REQ-BL-010B: 追加要件',
  '',
  '- 後から追加された要件',
  '',
  '### REQ-BL-004-B: 派生要件',
  '',
  '- 派生',
  '',
].join('\n');

const DESIGN = [
  '# Design',
  '',
  '## Requirements Traceability',
  '',
  '| Requirement | Summary | Components |',
  '|---|---|---|',
  '| 1.1 (REQ-BL-001) | 料金表 | PricingPage |',
  '| 8.2 (REQ-BL-008) | expire-options | expireOptionsCron |',
  '| 5.1 (非機能 / セキュリティ) | RLS | policies |',
  '',
].join('\n');

describe('forms of a fortieth round', () => {
  it('Kiro: `### REQ-BL-008:` is requirement 8, and a number design.md gives it (`| 8.2 (REQ-BL-008) |`) names it', () => {
    const tasks = ['# Tasks', '', '- [x] 1. 料金表', '  - _Requirements: 1.1, 8.2_', '- [ ] 2. セキュリティ', '  - _Requirements: 5.1_', '- [ ] 3. 追加', '  - _Requirements: 010B, REQ-BL-001_', ''].join('\n');
    const ws = kiro({ 'requirements.md': REQUIREMENTS, 'design.md': DESIGN, 'tasks.md': tasks });
    const requirements = [...ws.nodes.values()].filter((n) => n.item !== undefined && n.path.endsWith('requirements.md')).map((n) => `${n.id} ${n.type}`);
    // Coded ids read as their number; the points are bullets, and a flow's numbered steps are no criteria. `REQ-BL-004-B` is no number.
    expect(requirements).toEqual(['f/R1 requirement', 'f/R8 requirement', 'f/R10B requirement']);
    expect(ws.nodes.get('f/R8')!.title).toBe('定期実行処理の実装方式');
    expect(implemented(ws, 'f/T1')).toEqual(['f/R1', 'f/R8']);
    // `5.1` is a row of the team's own (no requirement): nothing to report, no link.
    expect(implemented(ws, 'f/T2')).toEqual([]);
    expect(implemented(ws, 'f/T3')).toEqual(['f/R1', 'f/R10B']);
    expect(codes(ws)).toEqual([]);
  });

  it('Kiro: without the table, a number no requirement has stays broken', () => {
    const tasks = ['# Tasks', '', '- [x] 1. 料金表', '  - _Requirements: 1.1, 8.2, 9_', ''].join('\n');
    const ws = kiro({ 'requirements.md': REQUIREMENTS, 'design.md': '# Design\n\n| 1.1 | 料金表 |\n|---|---|\n', 'tasks.md': tasks });
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => /`f\/(R[\d.]+)`/.exec(d.message)![1])).toEqual(['R1.1', 'R8.2', 'R9']);
  });

  it('Kiro: `_Requirements: 7B.1, 7B.2_` cites the criteria of requirement 7B; a whole `3D` is prose', () => {
    const requirements = ['# Requirements', '', '### Requirement 7B: 複数選択', '', '#### Acceptance Criteria', '', '1. THE UI SHALL select many', '2. THE UI SHALL clear', ''].join('\n');
    const ws = kiro({ 'requirements.md': requirements, 'tasks.md': ['- [ ] 1. 複数選択', '  - _Requirements: 7B.1, 7B.2_', '- [ ] 2. Scenes', '  - **Test Requirements:** 3D scenes render', ''].join('\n') });
    expect(implemented(ws, 'f/T1')).toEqual(['f/R7B.1', 'f/R7B.2']);
    expect(codes(ws)).toEqual([]);
  });

  it('Kiro: `- [x] P2.1.` tasks beside numbered ones are tasks of their ids; a numbered task\'s `A1.` steps and a `**P1**` are not', () => {
    const requirements = ['# Requirements', '', '### Requirement 1: Base', '', '#### Acceptance Criteria', '', '1. THE app SHALL start', '', '### Requirement 12: Anomalies', '', '#### Acceptance Criteria', '', '1. THE app SHALL flag', '2. THE app SHALL explain', ''].join('\n');
    const tasks = [
      '# Tasks',
      '',
      '- [x] 1. Set up',
      '  - [ ] A1. Check the lint',
      '  - [ ] A2. Check the types',
      '  - [ ] A3. Check the tests',
      '  - _Requirements: 1.1_',
      '',
      '## Phase 2 Tasks',
      '',
      '- [x] P2.1. Implement Anomaly Detection',
      '  - [x] P2.1.1 Create `lib/anomaly-detection.ts`',
      '    - _Requirements: 12.1_',
      '  - [x] P2.1.2 Write the property test',
      '    - _Requirements: 12.2_',
      '- [ ] **P1** follow-ups',
      '',
    ].join('\n');
    const ws = kiro({ 'requirements.md': requirements, 'tasks.md': tasks });
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => n.id).sort()).toEqual(['f/P2.1', 'f/P2.1.1', 'f/P2.1.2', 'f/T1']);
    expect(ws.relationsOut.get('f/P2.1.1')!.map((e) => `${e.relation} ${e.id}`)).toEqual(['implements f/R12.1', 'refines f/P2.1']);
    expect(codes(ws)).toEqual([]);
  });

  it('Kiro: a feature\'s `Tasks.md`, `Requirements.md` and `Design.md` are its files', () => {
    const ws = kiro({ 'Requirements.md': '# Requirements\n\n### Requirement 1: Status\n\n#### Acceptance Criteria\n\n1. THE order SHALL move\n', 'Design.md': '# Design\n', 'Tasks.md': '# Tasks\n\n- [x] 1. Define transitions\n  - _Requirements: 1.1_\n' });
    expect([...ws.nodes.keys()].sort()).toEqual(['f/R1', 'f/R1.1', 'f/T1', 'f/design', 'f/requirements', 'f/tasks']);
    expect(implemented(ws, 'f/T1')).toEqual(['f/R1.1']);
  });
});

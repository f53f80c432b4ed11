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
 * - Noveris-AI/Noveris-AI (4ed9954): Spec Kit tasks `- [x] [T008] [P1] [Story 1] **CRITICAL** 修复登录端点的cookie domain配置`
 *   (specs/003-auth-refactor/tasks.md line 73): read by place (`T#8`), `[Story 1]` not linked to User Story 1.
 * - DvornikovDV/VKR (b592ded): `- **FR-004A**: Each issued or reset one-time first-connection package MUST expire …`
 *   (specs/004-edge-onboarding/spec.md line 148): not read (22 such items; pipi-1997/carvis writes `FR-006A` too).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

type Ws = ReturnType<typeof loadWorkspace>;
const speckit = (files: Record<string, string>): Ws =>
  loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', ...Object.fromEntries(Object.entries(files).map(([name, text]) => [`specs/001-a/${name}`, text])) }));
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

  it('Spec Kit: `- [x] [T008] [P1] [Story 1] Title` is task T008 of User Story 1; `- **FR-004A**:` is a requirement', () => {
    const spec = ['# Spec', '', '### User Story 1 - 用户成功登录 (Priority: P1)', '', 'Text.', '', '- **FR-004**: Issue a package', '- **FR-004A**: The package MUST expire after 24 hours', ''].join('\n');
    const tasks = ['# Tasks', '', '- [x] [T001] [P1] 确认开发环境依赖已安装', '- [x] [T008] [P1] [Story 1] **CRITICAL** 修复登录端点 (FR-004, FR-004A)', ''].join('\n');
    const ws = speckit({ 'spec.md': spec, 'tasks.md': tasks });
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => `${n.id} ${n.title}`)).toEqual(['001-a/T001 确认开发环境依赖已安装', '001-a/T008 **CRITICAL** 修复登录端点 (FR-004, FR-004A)']);
    expect(ws.nodes.get('001-a/FR-004A')?.type).toBe('functional-requirement');
    expect(implemented(ws, '001-a/T008')).toEqual(['001-a/FR-004', '001-a/FR-004A', '001-a/US1']);
    expect(codes(ws)).toEqual([]);
    // A placeholder's `N` or `X` is no letter of an id (yepengfan/SpecOps: `Update FR-00N references`).
    const placeholders = speckit({ 'spec.md': spec, 'tasks.md': '- [ ] T001 Update FR-00N and NFR-00X references (FR-004)\n' });
    expect(implemented(placeholders, '001-a/T001')).toEqual(['001-a/FR-004']);
    expect(placeholders.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
  });
});

describe('a review of e7bf794', () => {
  const criteria = (n: number): string[] => ['#### Acceptance Criteria', '', ...Array.from({ length: n }, (_, k) => `${k + 1}. WHEN ${k} THEN the system SHALL act`), ''];

  it('Kiro: coded requirements are read only where every requirement heading of the file is coded with one code', () => {
    // Two codes (`REQ-MIN-001`, `REQ-DEC-001`) would both be `R1`; beside `Requirement 1`, `REQ-SEC-2` would take `R2`.
    const twoCodes = ['# Requirements', '', '### REQ-MIN-001: View minutes', '', ...criteria(2), '### REQ-DEC-001: Record a decision', '', ...criteria(1)].join('\n');
    const mixed = ['# Requirements', '', '### Requirement 1: Authentication', '', ...criteria(2), '#### REQ-SEC-2: Security constraint', '', '- Passwords SHALL be hashed', '', '### Requirement 2: Profile', '', ...criteria(1)].join('\n');
    for (const text of [twoCodes, mixed]) {
      const ws = kiro({ 'requirements.md': text, 'tasks.md': '- [ ] 1. Work\n  - _Requirements: 1.1, REQ-DEC-001_\n' });
      expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE')).toEqual([]);
    }
    const ws = kiro({ 'requirements.md': mixed, 'tasks.md': '- [ ] 2. Profile\n  - _Requirements: 2.1_\n' });
    expect(ws.nodes.get('f/R2')!.title).toBe('Profile');
    expect(implemented(ws, 'f/T2')).toEqual(['f/R2.1']);
  });

  it('Kiro: `Requirement 01` keeps its number as written, so that its criteria `01.1` are read and cited', () => {
    const text = ['# Requirements', '', '### Requirement 01: Login', '', '- 01.1 WHEN the user signs in THEN the system SHALL accept', '- 01.2 WHEN the password is wrong THEN the system SHALL refuse', ''].join('\n');
    const ws = kiro({ 'requirements.md': text, 'tasks.md': '- [ ] 1. Login\n  - _Requirements: 01.1, 01.2_\n' });
    expect(implemented(ws, 'f/T1')).toEqual(['f/R01.1', 'f/R01.2']);
    expect(codes(ws)).toEqual([]);
  });

  it('Kiro: a numbered table row of a feature whose requirements are not coded hides no missing criterion', () => {
    const text = ['# Requirements', '', '### Requirement 1: Login', '', ...criteria(2)].join('\n');
    const design = ['# Design', '', '| Version | Notes |', '|---|---|', '| 1.3 (beta) | first |', '| 4 (E_TIMEOUT) | errors |', ''].join('\n');
    const ws = kiro({ 'requirements.md': text, 'design.md': design, 'tasks.md': '- [ ] 1. Login\n  - _Requirements: 1.3, 4_\n' });
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => /`f\/(R[\d.]+)`/.exec(d.message)![1])).toEqual(['R1.3', 'R4']);
  });

  it('Kiro: a test plan (`T1.`), an acceptance checklist (`R1.1`), a verification list (`D1.`) or `S3:` beside numbered tasks are no tasks', () => {
    const text = ['# Requirements', '', '### Requirement 1: Login', '', ...criteria(2)].join('\n');
    const tasks = ['# Tasks', '', '- [ ] 1. Pin the chart', '- [ ] 2. Update it', '- [ ] 3. Open a PR', '', '## Tests', '', '- [ ] T1. Confirm the version', '- [ ] T2. Send a request', '- [ ] T3. Sync', '', '## Acceptance', '', '- [x] R1.1 signs in', '- [x] R1.2 refuses', '- [ ] R1.3 locks', '', '## Verify', '', '- [ ] D1. Deploy', '- [ ] D2. Smoke', '- [ ] D3. Roll back', '- [ ] S3: create the uploads bucket', ''].join('\n');
    const ws = kiro({ 'requirements.md': text, 'tasks.md': tasks });
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => n.id).sort()).toEqual(['f/T1', 'f/T2', 'f/T3']);
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE')).toEqual([]);
  });

  it('Kiro: a `Requirements.md` that numbers its sections and a `Bugfix.md` are read as their lower-case names are', () => {
    const sections = ['# Requirements', '', '## 1. Functional', '', '### 1.1 User login', 'Users log in.', '', '### 1.2 Password reset', 'Users reset it.', ''].join('\n');
    expect(codes(kiro({ 'Requirements.md': sections, 'tasks.md': '- [ ] 1. Login\n  - _Requirements: 1.1, 1.2_\n' }))).toEqual([]);
    const bugfix = ['# Bugfix Requirements Document', '', '## Bug Analysis', '', '### Current Behavior (Defect)', '', '1.1 WHEN the email contains `+` THEN the system rejects it', '', '### Expected Behavior (Correct)', '', '2.1 WHEN the email contains `+` THEN the system SHALL accept it', ''].join('\n');
    expect(codes(kiro({ 'Bugfix.md': bugfix, 'tasks.md': '- [ ] 1. Fix the validator\n  - _Requirements: 2.1_\n' }))).toEqual([]);
  });
});

describe('more of the fortieth round', () => {
  it('Kiro: `**検証対象: 要件 6.1**` under a property test verifies criterion 6.1', () => {
    const requirements = ['# 要件定義書', '', '### 要件 6: 同期', '', '#### 受け入れ基準', '', '1. WHEN 同期する THEN システム SHALL 保存する', ''].join('\n');
    const tasks = ['# 実装計画', '', '- [x] 1. 同期を実装する', '  - _要件: 6.1_', '  - [x]* 1.1 プロパティテスト', '    - **検証対象: 要件 6.1**', ''].join('\n');
    const ws = kiro({ 'requirements.md': requirements, 'tasks.md': tasks });
    expect((ws.relationsOut.get('f/T1.1') ?? []).map((e) => `${e.relation} ${e.id}`)).toEqual(['verifies f/R6.1', 'refines f/T1']);
  });
});

describe('a review of 6e2f507, and a forty-first round', () => {
  it('Spec Kit: `[T002][P]` beside `[T001]` is task T002; a bold `**FR-003A**` leaves plain `- FR-001:` requirements read; `### FR-001A:` is one', () => {
    const ws = speckit({ 'spec.md': '# Spec\n\n- **FR-001**: Parse\n- **FR-002**: Read\n', 'tasks.md': '- [ ] [T001] Init\n- [ ] [T002][P] Config struct (FR-001)\n- [ ] [T003] Reader (FR-002)\n' });
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => n.id)).toEqual(['001-a/T001', '001-a/T002', '001-a/T003']);
    expect(codes(ws)).toEqual([]);
    const plain = speckit({ 'spec.md': '# Spec\n\n- FR-001: Lock\n- FR-002: Unlock\n\n### Added after clarification\n\n- **FR-002A**: The lock MUST last 15 minutes\n', 'tasks.md': '- [ ] T001 Lock (FR-001, FR-002, FR-002A)\n' });
    expect(implemented(plain, '001-a/T001')).toEqual(['001-a/FR-001', '001-a/FR-002', '001-a/FR-002A']);
    const headed = speckit({ 'spec.md': '# Spec\n\n### FR-001: Login\n\nText.\n\n### FR-001A: Remember me\n\nText.\n', 'tasks.md': '- [ ] T001 Login (FR-001, FR-001A)\n' });
    expect(implemented(headed, '001-a/T001')).toEqual(['001-a/FR-001', '001-a/FR-001A']);
    expect(codes(headed)).toEqual([]);
  });

  it('Spec Kit: `FR-001A` names `FR-001a`; `[Story 42](https://…)` is a link, no story', () => {
    const ws = speckit({ 'spec.md': '# Spec\n\n### User Story 1 - Login (Priority: P1)\n\nText.\n\n- **FR-001**: Log in\n- **FR-001a**: Log in again\n', 'tasks.md': '- [ ] T001 [US1] Login (FR-001, FR-001A), see [Story 42](https://jira.example.com/browse/APP-42)\n' });
    expect(implemented(ws, '001-a/T001')).toEqual(['001-a/FR-001', '001-a/FR-001a', '001-a/US1']);
    expect(codes(ws)).toEqual([]);
  });

  it('Kiro: `REQ-FN-010B` and `REQ-F-002` name the coded requirements whose headings write them, and cover their criteria', () => {
    const requirements = ['# Requirements', '', '### REQ-F-001: Login', '', ...['#### Acceptance Criteria', '', '1. WHEN in THEN accept', ''], '### REQ-F-002: Logout', '', ...['#### Acceptance Criteria', '', '1. WHEN out THEN end', ''], '### REQ-F-010B: Export', '', ...['#### Acceptance Criteria', '', '1. WHEN export THEN zip', '']].join('\n');
    const ws = kiro({ 'requirements.md': requirements, 'tasks.md': '- [ ] 1. Login\n  - _Requirements: 1.1_\n- [ ] 2. Logout\n  - _Requirements: REQ-F-002_\n- [ ] 3. Export\n  - _Requirements: REQ-F-010B_\n' });
    expect([implemented(ws, 'f/T2'), implemented(ws, 'f/T3')]).toEqual([['f/R2'], ['f/R10B']]);
    expect(codes(ws)).toEqual([]);
  });

  it('Spec Kit: `### US1 — requisitos` beside `### User Story 1 - …` is its section, no second story', () => {
    const ws = speckit({ 'spec.md': '# Spec\n\n### User Story 1 - Despacho (Priority: P1)\n\nText.\n\n### US1 — requisitos\n\n- **FR-001**: Despachar\n\n### US3 — Informe\n\nText.\n', 'tasks.md': '- [X] T001 [US1] Crear estructura (FR-001)\n- [ ] T002 [US3] Informe\n' });
    expect([...ws.nodes.values()].filter((n) => n.type === 'user-story').map((n) => `${n.id} ${n.title}`)).toEqual(['001-a/US1 Despacho', '001-a/US3 Informe']);
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE' || d.code === 'LINK_BROKEN')).toEqual([]);
  });

  it('Kiro: `### Requirement 2-1:` is requirement 2-1, and `2-1.5`, `2-1.1-2-1.3` cite its criteria; `1-2.1` stays a range', () => {
    const criteria = (n: number): string[] => ['#### Acceptance Criteria', '', ...Array.from({ length: n }, (_, k) => `${k + 1}. WHEN ${k} THEN the system SHALL act`), ''];
    const requirements = ['# Requirements', '', '### Requirement 1: Auth', '', ...criteria(2), '### Requirement 2: Collect', '', ...criteria(3), '### Requirement 2-1: 기사 분석 도구', '', ...criteria(5)].join('\n');
    const ws = kiro({ 'requirements.md': requirements, 'tasks.md': '- [ ] 1. Collect\n  - _Requirements: 1.1-1.2, 2.1-2.3_\n- [ ] 2. Analyse\n  - _Requirements: 2-1.1-2-1.3, 2-1.4, 2-1.5_\n' });
    expect([...ws.nodes.values()].filter((n) => n.type === 'requirement').map((n) => n.id)).toEqual(['f/R1', 'f/R2', 'f/R2-1']);
    expect(implemented(ws, 'f/T2')).toEqual(['f/R2-1.1', 'f/R2-1.2', 'f/R2-1.3', 'f/R2-1.4', 'f/R2-1.5']);
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE' || d.code === 'LINK_BROKEN' || d.code === 'COVERAGE_MISSING')).toEqual([]);
    // A bare pair stays two requirements (a review: `_Requirements: 5-3_` in a spec with no `Requirement 5-3`).
    const range = kiro({ 'requirements.md': requirements, 'tasks.md': '- [ ] 1. All\n  - _Requirements: 1-2.1_\n- [ ] 2. Pair\n  - _Requirements: 2-1_\n' });
    expect(implemented(range, 'f/T1')).toEqual(['f/R1', 'f/R2.1']);
    expect(implemented(range, 'f/T2')).toEqual(['f/R1', 'f/R2']);
    // `Requirement 10-12: Dates` is requirement 10 (a review): the first number is not the greater.
    const dates = kiro({ 'requirements.md': ['# Requirements', '', '### Requirement 10-12: Dates', '', ...criteria(2)].join('\n'), 'tasks.md': '- [ ] 1. Dates\n  - _Requirements: 10.1, 10.2_\n' });
    expect(implemented(dates, 'f/T1')).toEqual(['f/R10.1', 'f/R10.2']);
    expect(codes(dates)).toEqual([]);
  });

  it('Kiro: Korean `**검증 대상: 요구사항 1.1**` verifies', () => {
    const requirements = ['# 요구사항', '', '### 요구사항 1: 수집', '', '#### 인수 기준', '', '1. WHEN 수집 THEN 저장', ''].join('\n');
    const ws = kiro({ 'requirements.md': requirements, 'tasks.md': '- [ ] 1. 수집\n  - _요구사항: 1.1_\n  - [ ]* 1.1 속성 테스트\n    - **검증 대상: 요구사항 1.1**\n' });
    expect((ws.relationsOut.get('f/T1.1') ?? []).map((e) => `${e.relation} ${e.id}`)).toEqual(['verifies f/R1.1', 'refines f/T1']);
  });
});

describe('more of the forty-first round', () => {
  it('Kiro: `_Req 6.5, 8.5; design "Component 4"._` and `_Req 7.1–7.4._` cite criteria (italic `Req`, no colon; a full stop after a range)', () => {
    const criteria = (n: number): string[] => ['#### Acceptance Criteria', '', ...Array.from({ length: n }, (_, k) => `${k + 1}. WHEN ${k} THEN the system SHALL act`), ''];
    const requirements = ['# Requirements', '', '### Requirement 6: Input', '', ...criteria(5), '### Requirement 7: Tokens', '', ...criteria(4)].join('\n');
    const tasks = ['- [ ] **1.1** Engine state', '  _Req 6.5, 6.1; design "Component 4"._', '- [ ] **1.2** Tokens', '  _Req 7.1–7.4._', '- [ ] **1.3** A note on the requirements 7 teams (no citation)', ''].join('\n');
    const ws = kiro({ 'requirements.md': requirements, 'tasks.md': tasks });
    expect([implemented(ws, 'f/T1.1'), implemented(ws, 'f/T1.2')]).toEqual([['f/R6.1', 'f/R6.5'], ['f/R7.1', 'f/R7.2', 'f/R7.3', 'f/R7.4']]);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING').map((d) => d.line)).toEqual([8, 9, 10]);
  });
});

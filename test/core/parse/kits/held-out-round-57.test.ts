/**
 * Forms a fifty-seventh round of held-out repositories wrote (D-537), modelled on the lines quoted:
 * - redsonvietnam/yao-rebuild2 (1beb647), .kiro/specs/global-design-system/requirements.md:50-72: under `### Requirement 4:
 *   Component Styling`, each criterion a paragraph opening with its number in bold, `**4.4** Modal components shall be styled
 *   with premium design`, over bullets; tasks cite `_Requirements: 4.4, 5.1, 5.2, 6.1, 6.2_` (43 false LINK_BROKEN: none read).
 * - konxc/learning.konxc.space (42ad4af), .kiro/specs/core-lms-enhancement/requirements.md:19-25 and 181-190: `### R1 — Platform
 *   Admin Dashboard Enhancement` over `- R1.1: …`; later `## Acceptance Criteria` repeats `### R1 — Platform Admin` over R1's
 *   checklist (8 false ID_DUPLICATE errors: validate failed); advanced-analytics-dashboard/requirements.md:11: criteria as bullets
 *   whose id is bold, `- **R1.1**: Tampilkan total revenue …` (158 criteria in nine features not read); tasks.md:5-18: `### Task 1 —
 *   Course Builder Enhancement (Mentor)` over `#### 1.1 — Course Creation Wizard Component` over unnumbered boxes (22 tasks
 *   not readable by their ids).
 * - yuitosuenaga/daiso-portal-mock (helper B), .kiro/specs/helpdesk-inquiry-management/requirements.md:215-224, 262-264: in dated
 *   `### 追加要望（2026-07-08）: …` sections, `Requirement 7（カテゴリ別テンプレート返信）への追加Acceptance Criteria:` over `6. The Portal shall
 *   …`, and `Requirement 8（テンプレート管理画面）の改訂・追加Acceptance Criteria:` over `1. （改訂）…` to `6. （新規）…`; tasks cite `7.6`, `8.6`
 *   (31 false LINK_BROKEN: none read).
 * - AlyOmer/Event-AI (2c3a7dd), specs/009-booking-system/tasks.md:9-14: Spec Kit tasks `- [x] **1.1: Create \`DomainEvent\` Model**`
 *   (16 tasks named by their place, `T#1` …, not their numbers); specs/010-notification-system/tasks.md:5-11: `- [x] ## Phase 1 —
 *   Database & Model` over `- [x] 1.1 Create …` (seven phases read as tasks).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const load = (requirements: string, tasks: string) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/ui/requirements.md': requirements, '.kiro/specs/ui/tasks.md': tasks }));
const criteria = (ws: ReturnType<typeof loadWorkspace>) =>
  [...ws.nodes.values()].filter((n) => n.type === 'acceptance-criterion').map((n) => [n.id, n.title, ws.relationsOut.get(n.id)?.find((e) => e.relation === 'refines')?.id]);
const codes = (ws: ReturnType<typeof loadWorkspace>, code: string) => ws.diagnostics.filter((d) => d.code === code).map((d) => d.nodeId);

describe('forms of a fifty-seventh round', () => {
  it('a criterion written as a paragraph that opens with its number in bold', () => {
    const ws = load(
      [
        '# Requirements: Global Premium Design System',
        '',
        '### Requirement 4: Component Styling',
        '',
        '**4.1** All components shall use CSS variables for colors',
        '- Replace hardcoded colors with var(--color-*)',
        '',
        '**4.4** Modal components shall be styled with premium design',
        '- Apply gradient backgrounds',
        '',
        '**4.5:** Panel components shall be styled',
        '',
        '**Note** the header is styled elsewhere (see 4.3 below).',
        '',
      ].join('\n'),
      ['# Tasks', '', '- [ ] 1. Style the modals', '  - _Requirements: 4.4, 4.5, 4.6_', ''].join('\n'),
    );
    expect(criteria(ws)).toEqual([
      ['ui/R4.1', 'All components shall use CSS variables for colors', 'ui/R4'],
      ['ui/R4.4', 'Modal components shall be styled with premium design', 'ui/R4'],
      ['ui/R4.5', 'Panel components shall be styled', 'ui/R4'],
    ]);
    // The criterion holds its bullets: a bundle of the task shows them.
    expect(ws.nodes.get('ui/R4.4')!.body).toContain('Apply gradient backgrounds');
    // Only 4.6, which no criterion is, is broken.
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message.slice(0, d.message.indexOf(' (written')))).toEqual(['ui/T1 implements `ui/R4.6`']);
  });

  it("a requirement's heading again under the file's Acceptance Criteria is that requirement's checklist, not a second one", () => {
    const requirements = [
      '# Requirements',
      '',
      '## Requirements',
      '',
      '### R1 — Platform Admin Dashboard Enhancement',
      '',
      '- **R1.1**: Dashboard overview dengan key metrics',
      '- **R1.2:** Course approval workflow',
      '',
      '### R2 — Org Owner/Admin Dashboard Enhancement',
      '',
      '- R2.1: Org dashboard overview dengan metrics',
      '',
      '## Acceptance Criteria',
      '',
      '### R1 — Platform Admin',
      '',
      '- [ ] Admin dashboard menampilkan key metrics dengan data real',
      '',
      '### R2 — Org Owner/Admin',
      '',
      '- [ ] Org dashboard menampilkan metrics dengan data real',
      '',
      '### R3 — Not written before',
      '',
      '## Requirements again',
      '',
      '### R2 — A real second R2',
      '',
    ].join('\n');
    const ws = load(requirements, ['# Tasks', '', '- [ ] 1. Dashboard', '  - _Requirements: 1.1, 1.2, 2.1_', ''].join('\n'));
    expect(criteria(ws)).toEqual([
      ['ui/R1.1', 'Dashboard overview dengan key metrics', 'ui/R1'],
      ['ui/R1.2', 'Course approval workflow', 'ui/R1'],
      ['ui/R2.1', 'Org dashboard overview dengan metrics', 'ui/R2'],
    ]);
    expect([...ws.nodes.values()].filter((n) => n.type === 'requirement').map((n) => [n.id, n.title])).toEqual([
      ['ui/R1', 'Platform Admin Dashboard Enhancement'],
      ['ui/R2', 'Org Owner/Admin Dashboard Enhancement'],
      ['ui/R3', 'Not written before'],
    ]);
    // A requirement written twice outside the criteria's section is still two: said.
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE').map((d) => [d.line, d.message.slice(0, 33)])).toEqual([[28, 'id `ui/R2` is already used by the']]);
    expect(codes(ws, 'LINK_BROKEN')).toEqual([]);
  });

  it("a `Task N` heading's sub-headings numbered within it, over boxes, are its sub-tasks", () => {
    const tasks = [
      '# Tasks: Core LMS Enhancement',
      '',
      '## Phase 1 — MVP Critical (Week 1-2)',
      '',
      '### Task 1 — Course Builder Enhancement (Mentor)',
      '',
      '**Priority:** 🔥 Critical',
      '',
      '#### 1.1 — Course Creation Wizard Component',
      '',
      '- [x] Buat `CourseWizard.svelte`',
      '- [x] Jalankan `pnpm run check`',
      '',
      '#### 1.2 Module & Lesson Editor',
      '',
      '- [x] Buat `ModuleEditor.svelte`',
      '- [ ] CRUD operations',
      '',
      '#### 2.1 — Numbered under another task',
      '',
      '- [ ] A step',
      '',
      '#### 1.3 — Notes without boxes',
      '',
      'Some prose.',
      '',
      '### Task 2 — Grading',
      '',
      '- [ ] Grading dashboard',
      '',
    ].join('\n');
    const ws = load('# Requirements\n', tasks);
    const state = (id: string) => ws.nodes.get(id)?.status ?? null;
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.title])).toEqual([
      ['ui/T1', 'Course Builder Enhancement (Mentor)'],
      ['ui/T1.1', 'Course Creation Wizard Component'],
      ['ui/T1.2', 'Module & Lesson Editor'],
      ['ui/T2', 'Grading'],
    ]);
    expect([state('ui/T1.1'), state('ui/T1.2')]).toEqual(['done', 'in-progress']);
    expect(ws.relationsOut.get('ui/T1.1')?.find((e) => e.relation === 'refines')?.id).toBe('ui/T1');
  });

  it("criteria added later to a requirement, after a line that names it and its criteria, are its own: only numbers it has not", () => {
    const requirements = [
      '# Requirements Document',
      '',
      '### Requirement 7: カテゴリ別テンプレート返信',
      '',
      '#### Acceptance Criteria',
      '1. The Portal shall テンプレートを選択できる。',
      '2. The Portal shall 本文を挿入する。',
      '',
      '### 追加要望（2026-07-08）: テンプレートの名称管理',
      '',
      '現状、`ReplyTemplate`型にはカテゴリと本文のみが存在する。',
      '',
      'Requirement 7（カテゴリ別テンプレート返信）への追加Acceptance Criteria:',
      '3. The Portal shall テンプレート名をラベルとして表示する。',
      '4. The Portal shall 本文全文をラベルとして表示しない。',
      '',
      'Requirement 7 の改訂・追加Acceptance Criteria:',
      '1. （改訂）The Portal shall テンプレートを名前で選択できる。',
      '5. （新規）The Portal shall 名前を40文字までとする。',
      '',
      'その他の注記。',
      '',
      '6. A list after another paragraph is no addendum.',
      '',
      'Requirement 7 notes: 1. not a list',
      '',
    ].join('\n');
    const ws = load(requirements, ['# Tasks', '', '- [ ] 1. Names', '  - _Requirements: 7.3, 7.4, 7.5_', ''].join('\n'));
    expect(criteria(ws)).toEqual([
      ['ui/R7.1', 'The Portal shall テンプレートを選択できる。', 'ui/R7'],
      ['ui/R7.2', 'The Portal shall 本文を挿入する。', 'ui/R7'],
      ['ui/R7.3', 'The Portal shall テンプレート名をラベルとして表示する。', 'ui/R7'],
      ['ui/R7.4', 'The Portal shall 本文全文をラベルとして表示しない。', 'ui/R7'],
      ['ui/R7.5', '（新規）The Portal shall 名前を40文字までとする。', 'ui/R7'],
    ]);
    // A revision of a criterion it has (`1. （改訂）…`) is no second one: no ID_DUPLICATE, nothing broken.
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE' || d.code === 'LINK_BROKEN')).toEqual([]);
  });

  it('Spec Kit boxes numbered in bold are tasks by their numbers; a box that is a phase\'s heading is none', () => {
    const tasks = [
      '# Tasks: Booking',
      '',
      '- [x] ## Phase 1 — Database & Model',
      '',
      '- [x] **1.1: Create `DomainEvent` Model**',
      '  - Fields: id, type, payload',
      '- [ ] **1.2: Add Alembic Migrations**',
      '- [x] 1.3: Create Event Bus Service',
      '',
      '- [ ] ## Phase 2 — Guards',
      '',
      '- [ ] 2.1 Implement JWT Auth Guards',
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/009-booking/spec.md': '# Feature Specification: Booking\n', 'specs/009-booking/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.title, n.status])).toEqual([
      ['009-booking/T1.1', 'Create `DomainEvent` Model', 'done'],
      ['009-booking/T1.2', 'Add Alembic Migrations', 'todo'],
      ['009-booking/T1.3', 'Create Event Bus Service', 'done'],
      ['009-booking/T2.1', 'Implement JWT Auth Guards', 'todo'],
    ]);
  });

  it('a review of these forms: what the repeated heading lists, addenda\'s bounds, bold values, a bold criterion\'s span', () => {
    const requirements = [
      '# Requirements',
      '',
      'Requirement 2 への追加Acceptance Criteria:',
      '3. The system shall export, added before the requirement is written.',
      '',
      'Requirement 9 への追加Acceptance Criteria:',
      '1. The system shall do what no requirement asks.',
      '',
      '## Requirements',
      '',
      '### Requirement 1: Login',
      '',
      '**Requirement 1 Acceptance Criteria:**',
      '',
      '1. WHEN the password is right THE system SHALL admit',
      '1. WHEN it is wrong THE system SHALL refuse',
      '',
      '#### Design notes',
      '',
      '**1.1** release notes are published with each version.',
      '',
      '### Requirement 2: Export',
      '',
      '**2.1** The system shall export CSV',
      '- with a header row',
      '',
      '| format | size |',
      '|---|---|',
      '| CSV | 1 MB |',
      '',
      '- **2.5** MB maximum file size',
      '- **R2.2**： The system shall export JSON',
      '',
      'Requirement 2 acceptance criteria were reviewed by the team, the following:',
      '4. Carol — localisation',
      '',
      'Requirement 1 の追加Acceptance Criteria:',
      '',
      '3. WHEN locked THE system SHALL say so',
      '',
      '### Open questions',
      '4. Should we support SSO?',
      '',
      '## Acceptance Criteria',
      '',
      '### Requirement 1: Login checklist',
      '',
      '#### Acceptance Criteria',
      '',
      '4. WHEN idle THE system SHALL log out',
      '',
      '### Requirement 5: Audit',
      '',
      '- R5.1: The system shall log',
      '',
      '### Requirement 5: Audit again',
      '',
      '- R5.2: The system shall keep logs',
      '',
    ].join('\n');
    const ws = load(requirements, ['# Tasks', '', '- [ ] 1. All', '  - _Requirements: 1.1, 1.2, 1.3, 1.4, 2.1, 2.2, 2.3, 5.1_', ''].join('\n'));
    const ids = criteria(ws).map(([id, , parent]) => `${id} < ${parent}`);
    expect(ids).toEqual([
      // A criterion added above its requirement's heading is still its own; one of a requirement the file has not is none.
      'ui/R2.3 < ui/R2',
      // A requirement's own label over its own list, numbered `1.` twice: by place, as without the label.
      'ui/R1.1 < ui/R1',
      'ui/R1.2 < ui/R1',
      // Not `**1.1** release notes` under another sub-heading (no ID_DUPLICATE); the addendum after a blank line.
      'ui/R2.1 < ui/R2',
      // A bold id with a full-width colon; not `**2.5** MB` (a value), nor a prose line's list (`… reviewed by …, the following:`).
      'ui/R2.2 < ui/R2',
      'ui/R1.3 < ui/R1',
      // The requirement's heading again under `## Acceptance Criteria`: its criteria are R1's.
      'ui/R1.4 < ui/R1',
      // Requirement 5 written twice under the criteria's section, neither read before outside it: a duplicate (below), as before.
      'ui/R5.1 < ui/R5',
      'ui/R5.2 < ui/R5',
    ]);
    // The bold criterion holds its bullet, not the table after it.
    const text = ws.nodes.get('ui/R2.1')!.body;
    expect(text).toContain('with a header row');
    expect(text).not.toContain('| CSV |');
    // Two headings of one requirement outside the criteria's section are still a duplicate.
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE').map((d) => d.line)).toEqual([56]);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
  });

  it('lettered groups that number anew: a plain citation names them all, a range across groups that number on holds those between', () => {
    const requirements = [
      '### Requirement 5: Bases',
      '',
      '#### Acceptance Criteria',
      '',
      '##### 5a. Pirate Cove',
      '',
      '1. THE base SHALL prompt',
      '2. THE base SHALL move',
      '',
      '##### 5b. Tortuga',
      '',
      '3. THE base SHALL prompt the runner-up',
      '4. THE base SHALL move',
      '',
      '### Requirement 6: Cards',
      '',
      '#### Acceptance Criteria',
      '',
      '##### 6A：专属卡',
      '',
      '1. THE audit SHALL compare',
      '',
      '##### 6B：通用卡',
      '',
      '1. THE audit SHALL run once',
      '',
    ].join('\n');
    const ws = load(requirements, ['# Tasks', '', '- [ ] 1. All', '  - _Requirements: 5a.1-5b.4, 6.1_', ''].join('\n'));
    expect(ws.relationsOut.get('ui/T1')!.filter((e) => e.relation === 'implements').map((e) => e.id)).toEqual(['ui/R5a.1', 'ui/R5a.2', 'ui/R5b.3', 'ui/R5b.4']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message.replace(/ \(written[^)]*\)/, ''))).toEqual([
      'ui/T1 implements `ui/R6.1`, which does not exist; requirement 6 numbers its criteria anew in lettered groups: `ui/R6A.1`, `ui/R6B.1`',
    ]);
  });
});

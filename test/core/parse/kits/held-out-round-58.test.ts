/**
 * Forms a fifty-eighth round of held-out repositories wrote (D-538), modelled on the lines quoted:
 * - SlobodaFR/home-trainer, specs/001-project-foundation/tasks.md:9-13: Spec Kit tasks `- [x] **T-1.1**: Create root
 *   `package.json` with npm workspaces` (206 tasks named by their place, `T#1` …, not by their ids).
 * - jus2024/blocks-test-amplify-inventory-management and cnusergroup/ug-point-store (Kiro): criteria that only a property test
 *   cites (`**Validates: Requirements 7.4**`), reported "has nothing that implements it" with no word of the test (rounds 57, 58).
 * - Cohortle-inc/cohortle (round 51), role-switching-multi-role-support: `R10.10`, which does not exist, had no "did you mean
 *   `R10.1`" once the workspace held more than 2,000 criteria (the suggester's index takes ids of at most 32 characters).
 * - cnusergroup/ug-point-store, .kiro/specs/content-role-settings/requirements.md:197-221: `### 需求 14：国际化支持` with no criteria,
 *   its three written by mistake under 需求 15's second `#### 验收标准`; tasks cite `_Requirements: 14.2, 14.3_`: "did you mean
 *   `R1.1`?", no help.
 * - RubaiyaKamal/AI-Powered-Accounting-and-Finance-Assistant, specs/002-ledger-journal-entries/tasks.md:102, 171: `- [x] T032 Run the
 *   \`quickstart.md\` validation flow …`, then `### T032 findings (quickstart validation)` over a report (an ID_DUPLICATE error).
 * - Felpasw/moneta (Spec Kit, Portuguese), specs/012-import/tasks.md:21-48, 015-agent-actions-realtime-sync/tasks.md:1-15,
 *   008-onboarding/tasks.md:21-66: `## Estratégia em camadas` / `1. **OFX genérico** — …` (a numbered list of notes), then
 *   `## Tasks (todas \`[DEFERRED]\`, …)` / `- [ ] **MNT-112** \`[DEFERRED]\` OFX parser …`, or boxes under `### Concluído` and
 *   `### Pendente`: no task at all (37 in four files), as if the list were the tasks and the boxes their checklist.
 * - BrightonDube/BizPilot2 (Kiro), .kiro/specs/crm-core/tasks.md:1-18: `## Task 1: Customer Schema Enhancement`, boxes `- [x] 1.1 …`
 *   to `1.4`, then `**Validates: Requirements 1, 4, 8**` (398 such lines in 29 features, read by no task); and no requirements.md
 *   in any of its 38 features (never committed): 668 LINK_BROKEN, one a citation.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';
import { byKind } from '../../../../src/core/shared/suggest-kind.js';
import { createSuggester } from '../../../../src/core/shared/suggest.js';

describe('forms of a fifty-eighth round', () => {
  it('Spec Kit boxes with a dotted id in bold, `**T-1.1**:`, are tasks by their ids', () => {
    const tasks = ['# Tasks', '', '## Phase 1', '', '- [x] **T-1.1**: Create root `package.json` with npm workspaces', '- [ ] **T-1.2**: Add toolchain config files', '- [ ] T-1 day before launch, check', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-foundation/spec.md': '# Feature Specification: Foundation\n', 'specs/001-foundation/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.title])).toEqual([
      ['001-foundation/T-1.1', 'Create root `package.json` with npm workspaces'],
      ['001-foundation/T-1.2', 'Add toolchain config files'],
    ]);
    // `T-1 day before launch` is no id (not in bold): no task `T-1`.
    expect(ws.nodes.has('001-foundation/T-1')).toBe(false);
  });

  it('a criterion only a test verifies is missing, and the test that verifies it is named', () => {
    const requirements = ['### Requirement 7: Sync', '', '#### Acceptance Criteria', '', '1. THE system SHALL sync', '2. THE system SHALL retry', ''].join('\n');
    const tasks = ['# Tasks', '', '- [ ] 1. Sync', '  - _Requirements: 7.1_', '- [ ]* 2. Property test for retries', '  - **Validates: Requirements 7.2**', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/sync/requirements.md': requirements, '.kiro/specs/sync/tasks.md': tasks }));
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING').map((d) => d.message)).toEqual([
      'sync/R7.2 has nothing that implements it (coverage: acceptance-criterion needs implements); `sync/T2` verifies it, which coverage does not count as implementing it',
    ]);
  });

  it("did you mean answers a missing criterion from its feature's own, however many the workspace has and however long its id", () => {
    const requirements = (n: number) => [`### Requirement 10: Roles`, '', '#### Acceptance Criteria', '', ...Array.from({ length: n }, (_, k) => `${k + 1}. THE system SHALL do ${k}`), ''].join('\n');
    const files: Record<string, string> = { 'docugraph.yml': 'kits: [kiro]\n' };
    // 30 features of 80 criteria each: 2,400 criteria, past the 2,000 the suggester scans whole.
    for (let f = 0; f < 30; f += 1) files[`.kiro/specs/role-switching-multi-role-support-${f}/requirements.md`] = requirements(f === 0 ? 1 : 80);
    files['.kiro/specs/role-switching-multi-role-support-0/tasks.md'] = ['# Tasks', '', '- [ ] 11.1 Switch', '  - _Requirements: 10.10_', ''].join('\n');
    const ws = loadWorkspace(testdir(files));
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message.replace(/ \(written[^)]*\)/, ''))).toEqual([
      'role-switching-multi-role-support-0/T11.1 implements `role-switching-multi-role-support-0/R10.10`, which does not exist; did you mean `role-switching-multi-role-support-0/R10.1`?',
    ]);
  });

  it('a criterion of a requirement that has none read says so, once for a run', () => {
    const requirements = ['### 需求 14：国际化支持', '', '**用户故事：** 作为用户，我希望提示信息支持多语言。', '', '### 需求 15：开关', '', '#### 验收标准', '', '1. THE Settings_Service SHALL 新增字段', ''].join('\n');
    const tasks = ['# Tasks', '', '- [ ] 7.1 翻译', '  - _Requirements: 14.1, 14.2, 14.3, 15.1_', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/roles/requirements.md': requirements, '.kiro/specs/roles/tasks.md': tasks }));
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message.replace(/ \(written[^)]*\)/, ''))).toEqual([
      'roles/T7.1 implements `roles/R14.1` to `roles/R14.3`, none of which exists (3 ids); requirement 14 (`roles/R14`) has no acceptance criterion that DocuGraph reads',
    ]);
  });

  it("a heading that names a box's task with words after its id is a note on it; a detail heading stays a duplicate", () => {
    const tasks = [
      '# Tasks',
      '',
      '- [x] T032 Run the `quickstart.md` validation flow end-to-end',
      '- [ ] T033 Write the report',
      '',
      '### T032 findings (quickstart validation)',
      '',
      'Ran the full flow live; fixed three bugs.',
      '',
      '### T033: Write the report',
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/002-ledger/spec.md': '# Feature Specification: Ledger\n', 'specs/002-ledger/tasks.md': tasks }));
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE').map((d) => [d.line, d.nodeId ?? d.message.slice(0, 20)])).toEqual([[10, 'id `002-ledger/T033`']]);
    // The note's heading is no task of its own: the box is T032, done, and the tasks are the two boxes.
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.item!.line, n.item!.box])).toEqual([
      ['002-ledger/T032', 3, 'x'],
      ['002-ledger/T033', 4, ' '],
    ]);
  });

  it("a review: a detail heading over the box's own title stays the task; a note in any script is one; parts are a requirement's criteria; two verifiers", () => {
    const tasks = [
      '# Tasks',
      '',
      '- [ ] T002 iOS push notifications',
      '- [ ] T003 Android push notifications',
      '- [x] T030 既存データの調査',
      '',
      '### T002 iOS push notifications',
      '',
      '**Requirements**: FR-002',
      '**Depends on**: T003',
      '',
      '### T030 調査結果',
      '',
      '三件の不具合を修正した。',
      '',
    ].join('\n');
    const spec = ['# Feature Specification: Push', '', '- **FR-002**: System MUST send iOS pushes', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/004-push/spec.md': spec, 'specs/004-push/tasks.md': tasks }));
    // The detail heading is still the task (with the box an ID_DUPLICATE, as before): its dependency and requirement read.
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE').map((d) => d.line)).toEqual([3]);
    expect(ws.nodes.get('004-push/T002')!.dependsOn).toEqual(['004-push/T003']);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING')).toEqual([]);

    const requirements = ['### Requirement 2: Parts', '', '#### Acceptance Criteria', '', '1a. WHEN a THE system SHALL b', '1b. WHEN c THE system SHALL d', '', '### Requirement 3: Other', '', '#### Acceptance Criteria', '', '1. THE system SHALL e', '2. THE system SHALL f', ''].join('\n');
    const kiroTasks = ['# Tasks', '', '- [ ] 1. Build', '  - _Requirements: 3.1, 2.3_', '- [ ]* 2. Test', '  - **Validates: Requirements 3.2**', '- [ ]* 3. Test again', '  - **Validates: Requirements 3.2**', ''].join('\n');
    const kiro = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/p/requirements.md': requirements, '.kiro/specs/p/tasks.md': kiroTasks }));
    const broken = kiro.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message);
    expect(broken).toHaveLength(1);
    expect(broken[0]).not.toContain('has no acceptance criterion');
    // Both tests that verify it are counted, the first named.
    const missing = kiro.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING' && d.nodeId === 'p/R3.2').map((d) => d.message);
    expect(missing).toEqual(['p/R3.2 has nothing that implements it (coverage: acceptance-criterion needs implements); `p/T2` (and 1 more) verify it, which coverage does not count as implementing it']);
  });

  it('did you mean a task of another feature, after its own feature\'s', () => {
    const ids = ['001-auth/T001', '001-auth/T002', '002-auth/T001', '002-auth/T045'];
    const suggest = byKind(createSuggester(ids), ids);
    expect(suggest.some('001-auth/T045', 5)).toEqual(['001-auth/T001', '001-auth/T002', '002-auth/T045']);
    expect(suggest.best('001-auth/T003')).toBe('001-auth/T001');
  });

  it('a numbered list of notes beside boxes under a heading that names tasks or their state leaves the boxes tasks by place', () => {
    const file = (lines: string[]) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/012-import/tasks.md': lines.join('\n') }));
    const tasks = (lines: string[]) => [...file(lines).nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.title]);
    const notes = ['# Importação de extratos bancários', '', '## Estratégia em camadas', '', '1. **OFX genérico** — 1 parser cobre 60%', '2. **CSV parsers dedicados** — Nubank, Inter, C6', ''];
    expect(tasks([...notes, '## Tasks (todas `[DEFERRED]`, sem detalhamento de sub-passos)', '', '- [ ] **MNT-112** `[DEFERRED]` OFX parser genérico', '- [ ] **MNT-113** `[DEFERRED]` Nubank CSV parser', ''])).toEqual([
      ['012-import/T#1', '**MNT-112** `[DEFERRED]` OFX parser genérico'],
      ['012-import/T#2', '**MNT-113** `[DEFERRED]` Nubank CSV parser'],
    ]);
    // Under the file's title (015-agent-actions-realtime-sync), and under headings of a state (008-onboarding).
    expect(tasks(['# Agent actions live indicator', '', '1. **Não dá pra ver o que o agente tá fazendo agora**', '2. **Depois que o agente termina**', '', '## Tasks', '', '- [x] **MNT-228** Socket de state de actions', ''])).toEqual([['012-import/T#1', '**MNT-228** Socket de state de actions']]);
    expect(tasks([...notes, '## Estado atual (implementação)', '', '### Concluído', '', '- [x] ✅ commit `5b98cf3` **MNT-83** Snippet', '', '### Pendente', '', '- [ ] **MNT-87** Golden tests', ''])).toHaveLength(2);
    // A numbered list under a heading that names tasks is the tasks; boxes under another heading are their checklist (as before).
    for (const lines of [
      ['# Tasks', '', '1. Set up the project', '2. Build the API', '', '## Definition of Done', '', '- [ ] All unit tests pass', ''],
      ['## Tasks', '', '1. Set up the project', '2. Build the API', '', '## Done', '', '- [ ] All unit tests pass', ''],
      [...notes, '## Definition of Done', '', '- [ ] All unit tests pass', ''],
    ]) expect(tasks(lines)).toEqual([]);
  });

  it("a heading task's lines after its sub-tasks are its own; a feature with no requirements.md is one finding", () => {
    const tasks = ['# Implementation Tasks: CRM Core', '', '## Task 1: Customer Schema Enhancement', '- [x] 1.1 Add CRM fields', '- [x] 1.2 Write database migration', '', '**Validates: Requirements 1, 2**', '', '## Task 2: Customer Service', '- [x] 2.1 Create CustomerService', '', '### Notes', '', '**Validates: Requirements 3**', ''].join('\n');
    const requirements = ['# Requirements', '', '### Requirement 1: Fields', '', '#### Acceptance Criteria', '', '1. THE system SHALL store fields', '', '### Requirement 2: Migration', '', '#### Acceptance Criteria', '', '1. THE system SHALL migrate', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/crm/requirements.md': requirements, '.kiro/specs/crm/tasks.md': tasks }));
    expect(ws.relationsOut.get('crm/T1')).toEqual([{ relation: 'implements', id: 'crm/R1' }, { relation: 'implements', id: 'crm/R2' }]);
    // Not past a heading: `### Notes` is its own section, not Task 2's lines.
    expect(ws.relationsOut.get('crm/T2')).toBeUndefined();
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
    // Without requirements.md: one finding for the feature, where the file first cites, counting every citation.
    const without = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/crm/tasks.md': tasks, '.kiro/specs/other/tasks.md': '# Tasks\n\n- [ ] 10. Ship\n  - _Requirements: 9.1_\n- [ ] 2. Plan\n  - _Requirements: 9.1-9.3_\n' }));
    expect(without.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => [d.path, d.line, d.message])).toEqual([
      ['.kiro/specs/crm/tasks.md', 7, 'crm/T1 implements `crm/R1` (written `**Validates: Requirements 1, 2**`), which does not exist: `crm` has no requirements.md (2 ids of its requirements cited by this item: this one finding stands for them all); add `.kiro/specs/crm/requirements.md`'],
      ['.kiro/specs/other/tasks.md', 4, 'other/T10 implements `other/R9.1` (written `_Requirements: 9.1_`), which does not exist: `other` has no requirements.md (4 ids of its requirements cited by 2 of its items: this one finding stands for them all); add `.kiro/specs/other/requirements.md`'],
    ]);
    // A feature that has its requirements.md keeps a finding a citation.
    const filed = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/crm/requirements.md': requirements, '.kiro/specs/crm/tasks.md': tasks.replace('1, 2', '1, 7, 9') }));
    expect(filed.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message.slice(0, 40))).toEqual(['crm/T1 implements `crm/R7` (written `**V', 'crm/T1 implements `crm/R9` (written `**V']);
  });
});

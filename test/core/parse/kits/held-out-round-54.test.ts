/**
 * Forms a fifty-fourth round of held-out repositories wrote (D-533), each case modelled on the lines quoted:
 * - Najam-ul-islam/progress-tracker (4e72748), specs/006-payments-distribution/spec.md:143, 177: `- **FR-001 — Generation gate**:
 *   System MUST allow …`, `- **SC-001 — Distribution correctness**: …`, the id and a title in one bold: none of the feature's 24
 *   FRs and 7 SCs read, so every task's citation of them was LINK_BROKEN (7; `validate` failed on a correct repository).
 * - the same, specs/007-reporting/tasks.md:207-216, a "Success Criteria Mapping": `- SC-003 (developer scope isolation): T036.`
 * - themotionmachine/OmniFocus-MCP (fbe491c), specs/013-task-status/tasks.md:65 and specs/008-perspectives/tasks.md:61, under a
 *   story's phase heading: `**References**: FR-001 (complete with optional date), FR-004 (batch 1-100), …` and `**Acceptance**:
 *   FR-001, FR-002, …` — the requirements the phase's tasks implement (18 COVERAGE_MISSING).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const SPEC = [
  '# Feature Specification: Payments',
  '',
  '## Requirements',
  '',
  '- **FR-001 — Generation gate**: System MUST allow generation only when the project is closed.',
  '- **FR-002 — Distribution**: System MUST split payments.',
  '- **FR-003 – FR-005**: reserved for later.',
  '',
  '## Success Criteria',
  '',
  '- **SC-001 — Distribution correctness**: For every payment, shares sum to the total.',
  '- **SC-002 — Isolation**: Developers see their own.',
  '- **SC-003 — Speed**: Under 1 s.',
  '',
].join('\n');
const load = (tasks: string) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/006-pay/spec.md': SPEC, 'specs/006-pay/tasks.md': tasks }));
const relations = (ws: ReturnType<typeof loadWorkspace>, id: string) => (ws.relationsOut.get(id) ?? []).map((e) => `${e.relation} ${e.id}`);

describe('forms of a fifty-fourth round', () => {
  it('Spec Kit: `- **FR-001 — Generation gate**: …`, the id and a title in one bold, is requirement FR-001; a range in bold is none', () => {
    const ws = load(['# Tasks', '', '- [ ] T001 Build the gate (FR-001)', ''].join('\n'));
    expect(['006-pay/FR-001', '006-pay/SC-001'].map((id) => ws.nodes.get(id)?.title)).toEqual(['Generation gate: System MUST allow generation only when the project is closed.', 'Distribution correctness: For every payment, shares sum to the total.']);
    expect(ws.nodes.has('006-pay/FR-003')).toBe(false);
    expect(ws.diagnostics.map((d) => d.code)).not.toContain('LINK_BROKEN');
  });

  it('Spec Kit: a mapping list without the bold, a note after the id: `- SC-002 (developer scope isolation): T003.`; words after the tasks are no mapping', () => {
    const ws = load(['# Tasks', '', '- [ ] T001 Build the gate (FR-001, FR-002, SC-001)', '- [ ] T002 Sweep', '- [ ] T003 Scope queries', '', '## Success Criteria Mapping', '', '- SC-002 (developer scope isolation): T003.', '- SC-003 (≤1 s response time): exercised by T002 sweep.', ''].join('\n'));
    expect(relations(ws, '006-pay/T003')).toEqual(['implements 006-pay/SC-002']);
    expect(relations(ws, '006-pay/T002')).toEqual([]);
  });

  it('Spec Kit: `**References**:` and `**Acceptance**:` listing ids under a phase heading map them to its tasks; an acceptance in prose does not', () => {
    const ws = load([
      '# Tasks',
      '',
      '## Phase 3: User Story 1',
      '',
      '**References**: FR-001 (gate), FR-002 (split); Data-model §SetProjectTypeInput, FR-003 as before',
      '',
      '- [ ] T005 Wire the endpoint',
      '',
      '## Phase 4: User Story 2',
      '',
      '**Acceptance**: SC-001, SC-002',
      '',
      '- [ ] T006 Check the shares',
      '',
      '## Phase 5: Polish',
      '',
      '**Acceptance**: Given a closed project (SC-003), the sweep passes.',
      '',
      '- [ ] T007 Sweep',
      '',
    ].join('\n'));
    expect(relations(ws, '006-pay/T005')).toEqual(['implements 006-pay/FR-001', 'implements 006-pay/FR-002']);
    expect(relations(ws, '006-pay/T006')).toEqual(['implements 006-pay/SC-001', 'implements 006-pay/SC-002']);
    expect(relations(ws, '006-pay/T007')).toEqual([]);
  });

  it('`**Acceptance**:` or `**References**:` prose that opens with an id maps nothing (a review)', () => {
    const ws = load(['# Tasks', '', '## Phase 3: User Story 1', '', '**Acceptance**: SC-001 is met when the p95 stays under 200 ms; FR-002 is out of scope for this phase.', '**References**: FR-001 superseded the T001 approach; see research.md', '', '- [ ] T003 Wire the endpoint', ''].join('\n'));
    expect(relations(ws, '006-pay/T003')).toEqual([]);
  });
});

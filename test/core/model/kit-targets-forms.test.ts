/**
 * KITS §7, read as the team means it (model/kit-targets.ts): three forms met on public
 * repositories, each modelled on one (prose new, shapes kept; commits in the comments), with
 * the edges and findings written out by hand.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../src/core/index.js';
import { numberList } from '../../../src/core/parse/kits/kit-read.js';
import { testdir } from '../../helpers/testdir.js';

const findings = (root: string, code: string) =>
  loadWorkspace(root)
    .diagnostics.filter((d) => d.code === code)
    .map((d) => d.message);
const implemented = (root: string, id: string) =>
  (loadWorkspace(root).relationsOut.get(id) ?? []).filter((e) => e.relation === 'implements').map((e) => e.id);

describe('a Kiro range across requirements (yinshucheng/vibeflow 51f5e39, ai-native-enhancement/tasks.md: `_Requirements: 1.1-10.5_`)', () => {
  const requirements = [
    '### Requirement 1',
    '#### Acceptance Criteria',
    '1. A',
    '2. B',
    '### Requirement 2',
    '#### Acceptance Criteria',
    '1. C',
    '### Requirement 3',
    '#### Acceptance Criteria',
    '1. D',
    '2. E',
    '3. F',
    '',
  ].join('\n');

  it('names every criterion from its first end to its last, in requirement order, and only those that exist', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\n',
      '.kiro/specs/x/requirements.md': requirements,
      '.kiro/specs/x/tasks.md': '- [ ] 1. All of it\n  - _Requirements: 1.2-3.2_\n',
    });
    expect(implemented(root, 'x/T1')).toEqual(['x/R1.2', 'x/R2.1', 'x/R3.1', 'x/R3.2']);
    // Every criterion it names is covered; R1.1 and R3.3 are not.
    expect(findings(root, 'COVERAGE_MISSING')).toEqual(['x/R1.1 has nothing that implements it (coverage: acceptance-criterion needs implements)', 'x/R3.3 has nothing that implements it (coverage: acceptance-criterion needs implements)']);
    expect(findings(root, 'LINK_BROKEN')).toEqual([]);
  });

  it('an end that does not exist is still broken, quoted as written; a range within one requirement is unchanged', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\n',
      '.kiro/specs/x/requirements.md': requirements,
      '.kiro/specs/x/tasks.md': '- [ ] 1. Too far\n  - _Requirements: 2.1-3.9_\n- [ ] 2. Within\n  - _Requirements: 3.1-3.2_\n',
    });
    expect(implemented(root, 'x/T1')).toEqual(['x/R2.1', 'x/R3.1', 'x/R3.2', 'x/R3.3']);
    expect(implemented(root, 'x/T2')).toEqual(['x/R3.1', 'x/R3.2']);
    expect(findings(root, 'LINK_BROKEN')).toEqual(['x/T1 implements `x/R3.9` (written `_Requirements: 2.1-3.9_`), which does not exist; did you mean `x/R3.1`?']);
  });

  it('the reader gives the two ends and what lies between; a list of tasks and a backwards range give no span', () => {
    expect(numberList('1.1-10.5').numbers).toEqual(['1.1', '10.5', '1.1\u202610.5']);
    expect(numberList('3.2-1.1').numbers).toEqual(['3.2', '1.1']);
    expect(numberList('1.1-2.3', Number.POSITIVE_INFINITY, 'task').numbers).toEqual(['1.1', '2.3']);
  });

  it('stands for at most 100 criteria, however many lie between', () => {
    const many = ['### Requirement 1', '#### Acceptance Criteria', ...Array.from({ length: 150 }, (_, k) => `${k + 1}. C${k + 1}`), '### Requirement 2', '#### Acceptance Criteria', '1. Last', ''].join('\n');
    const root = testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/x/requirements.md': many, '.kiro/specs/x/tasks.md': '- [ ] 1. All\n  - _Requirements: 1.1-2.1_\n' });
    const ids = implemented(root, 'x/T1');
    // The two ends, and the first 100 criteria after the first end.
    expect(ids.length).toBe(102);
    expect(ids).toContain('x/R1.101');
    expect(ids).not.toContain('x/R1.102');
    expect(ids).toContain('x/R2.1');
  });
});

describe('an id that names a row of the feature’s own table (FadyFouad/swipe_action_cell a690c5f, 007-scroll-conflict: `SC-01 through SC-04` are rows of plan.md’s test table)', () => {
  const spec = '# Spec\n\n- **FR-007-001**: The cell MUST yield to a vertical scroll.\n- **SC-007-001**: No scroll starts a swipe.\n';
  const plan = '# Plan\n\n| Id | Scenario | Expected |\n|---|---|---|\n| SC-01 | Vertical scroll | The list scrolls |\n| **SC-02** | Horizontal swipe | The cell swipes |\n';

  it('is no LINK_BROKEN and no edge; an id no table and no item has is still broken', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [speckit]\n',
      'specs/007-scroll/spec.md': spec,
      'specs/007-scroll/plan.md': plan,
      'specs/007-scroll/tasks.md': '- [ ] T006 [P] Write failing tests (SC-01 through SC-03) for FR-007-001\n',
    });
    expect(implemented(root, '007-scroll/T006')).toEqual(['007-scroll/FR-007-001']);
    expect(findings(root, 'LINK_BROKEN')).toEqual(['007-scroll/T006 implements `007-scroll/SC-03` (written `SC-01 through SC-03`), which does not exist']);
  });

  it('a table of another feature names nothing here', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [speckit]\n',
      'specs/007-scroll/spec.md': spec,
      'specs/008-other/plan.md': plan,
      'specs/007-scroll/tasks.md': '- [ ] T006 Write failing tests (SC-01)\n',
    });
    expect(findings(root, 'LINK_BROKEN')).toEqual(['007-scroll/T006 implements `007-scroll/SC-01` (written `SC-01`), which does not exist; did you mean `007-scroll/SC-007-001`?']);
  });
});

describe('a story named in a task’s text where spec.md numbers no story (yepengfan/SpecOps b4b9bdf, 001-spec-ops-core/tasks.md: "Reuse `stream-client.ts` from US3.")', () => {
  it('is no error in a Spec Kit feature, bracketed or not; in a feature with stories an unknown one is still broken', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [speckit]\n',
      'specs/001-core/spec.md': '# Requirements\n\n## Req 1: Projects\n',
      'specs/001-core/tasks.md': '- [ ] T047 [US5] Add a Generate button. Reuse `stream-client.ts` from US3.\n',
      'specs/011-score/spec.md': '# Spec\n\n### User Story 3 - Score (Priority: P1)\n',
      'specs/011-score/tasks.md': '- [ ] T001 [US3] Score\n- [ ] T002 Reuse the chart from US4\n',
    });
    expect(implemented(root, '001-core/T047')).toEqual([]);
    expect(findings(root, 'LINK_BROKEN')).toEqual(['011-score/T002 implements `011-score/US4` (written `US4`), which does not exist; did you mean `011-score/US3`?']);
  });
});

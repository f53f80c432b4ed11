/**
 * A range that runs past the last criterion is one LINK_BROKEN, not one per id (a fifty-fifth
 * round: sinergy-digital-mx/sinergy-erp-backend-clients (a7fea44), .kiro/specs/pos-system/tasks.md:169, wrote `_Requirements: 6.1-6.15_` under
 * a requirement of nine criteria in several tasks, and twelve such citations made 89 findings).
 * A run of missing ids written in a kit's words on one line, each the number after the one
 * before, is one finding that names the first and the last and the last id before them that
 * exists; ids written apart, or in frontmatter, keep a finding each.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../src/core/index.js';
import { doc, testdir } from '../../helpers/testdir.js';

const REQUIREMENTS = '# Requirements\n\n### Requirement 6: Sales\n\n#### Acceptance Criteria\n\n' + Array.from({ length: 9 }, (_, i) => `${i + 1}. WHEN sale ${i + 1} THEN the system SHALL record it\n`).join('');

const broken = (files: Record<string, string>) =>
  loadWorkspace(testdir(files))
    .diagnostics.filter((d) => d.code === 'LINK_BROKEN')
    .map((d) => [d.line, d.message]);

describe('broken ids in a run (a fifty-fifth round)', () => {
  it('a Kiro range past the last criterion: one finding with the last that exists', () => {
    const tasks = '# Tasks\n\n- [ ] 5. Checkout\n  - [ ] 5.3 Totals\n    - _Requirements: 6.1-6.15_\n- [ ] 6. Receipts\n  - _Requirements: 6.2, 6.10, 6.12_\n';
    expect(broken({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/pos/requirements.md': REQUIREMENTS, '.kiro/specs/pos/tasks.md': tasks })).toEqual([
      [5, 'pos/T5.3 implements `pos/R6.10` to `pos/R6.15` (written `_Requirements: 6.1-6.15_`), none of which exists (6 ids); the last before them that exists is `pos/R6.9`'],
      // 6.10 and 6.12 are not one after the other: a finding each, with did-you-mean as before.
      [7, 'pos/T6 implements `pos/R6.10` (written `_Requirements: 6.2, 6.10, 6.12_`), which does not exist; did you mean `pos/R6.1`?'],
      [7, 'pos/T6 implements `pos/R6.12` (written `_Requirements: 6.2, 6.10, 6.12_`), which does not exist; did you mean `pos/R6.1`?'],
    ]);
  });

  it('a range of a requirement that does not exist: one finding, did-you-mean of its first id', () => {
    const tasks = '# Tasks\n\n- [ ] 1. Refunds\n  - _Requirements: 7.1-7.3_\n';
    expect(broken({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/pos/requirements.md': REQUIREMENTS, '.kiro/specs/pos/tasks.md': tasks })).toEqual([
      [4, 'pos/T1 implements `pos/R7.1` to `pos/R7.3` (written `_Requirements: 7.1-7.3_`), none of which exists (3 ids); did you mean `pos/R6.1`?'],
    ]);
  });

  it('a Spec Kit range of zero-padded ids past the last requirement; ids cited one by one keep a finding each', () => {
    const spec = '# Feature Specification: Sales\n\n## Requirements\n\n- **FR-001**: System MUST sell.\n- **FR-002**: System MUST refund.\n- **FR-003**: System MUST report.\n';
    const tasks = '# Tasks\n\n- [ ] T001 Build sales (FR-001–FR-012)\n- [ ] T002 Other (FR-004, FR-005)\n';
    expect(broken({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-sales/spec.md': spec, 'specs/001-sales/tasks.md': tasks })).toEqual([
      [3, '001-sales/T001 implements `001-sales/FR-004` to `001-sales/FR-012` (written `FR-001–FR-012`), none of which exists (9 ids); the last before them that exists is `001-sales/FR-003`'],
      [4, '001-sales/T002 implements `001-sales/FR-004` (written `FR-004`), which does not exist; did you mean `001-sales/FR-001`?'],
      [4, '001-sales/T002 implements `001-sales/FR-005` (written `FR-005`), which does not exist; did you mean `001-sales/FR-001`?'],
    ]);
  });

  it('the last before a run is found as wide as its first number, or plain (a review: `FR-099` below `FR-100`)', () => {
    const spec = `# Feature Specification: Sales\n\n## Requirements\n\n${Array.from({ length: 99 }, (_, i) => `- **FR-${String(i + 1).padStart(3, '0')}**: System MUST do ${i + 1}.\n`).join('')}`;
    const tasks = '# Tasks\n\n- [ ] T001 Build (FR-098–FR-103)\n';
    expect(broken({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-sales/spec.md': spec, 'specs/001-sales/tasks.md': tasks })).toEqual([
      [3, '001-sales/T001 implements `001-sales/FR-100` to `001-sales/FR-103` (written `FR-098–FR-103`), none of which exists (4 ids); the last before them that exists is `001-sales/FR-099`'],
    ]);
  });

  it('a run counts once toward the cap of findings per item; the ids past the cap are counted', () => {
    // Eleven ranges of one task, each past requirement 6's end: ten findings, then one that counts the last range's ids.
    const lines = Array.from({ length: 11 }, (_, i) => `    - _Requirements: 6.${10 + 3 * i}-6.${11 + 3 * i}_\n`).join('');
    const found = broken({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/pos/requirements.md': REQUIREMENTS, '.kiro/specs/pos/tasks.md': `# Tasks\n\n- [ ] 5. Checkout\n  - [ ] 5.3 Totals\n${lines}` });
    expect(found).toHaveLength(11);
    expect(found[9]![1]).toMatch(/^pos\/T5\.3 implements `pos\/R6\.37` to `pos\/R6\.38` .*\(2 ids\)/);
    expect(found[10]![1]).toBe('`pos/T5.3` has 2 more relation entries that name no document, not listed one by one (the first: `pos/R6.40`); fix the 10 that are listed, then validate again');
  });

  it('frontmatter lists keep a finding per id, numbers in a row or not', () => {
    const found = broken({ 'a.md': doc({ id: 'A', title: 'A', implements: ['REQ-1', 'REQ-2', 'REQ-3'] }) });
    expect(found.map(([, message]) => message)).toEqual([
      'A implements `REQ-1`, which does not exist',
      'A implements `REQ-2`, which does not exist',
      'A implements `REQ-3`, which does not exist',
    ]);
  });
});

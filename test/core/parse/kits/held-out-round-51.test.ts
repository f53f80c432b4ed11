/**
 * Forms a fifty-first round of held-out repositories wrote (D-530), each case modelled on the lines quoted:
 * - kirillDR01/Grins_irrigation_platform (392cb39), .kiro/specs/customer-management/tasks.md:5-27: every task, implementation
 *   ones too, cites with `  - **Validates: Requirement 1.1, 1.7, 9.3**` and none with `_Requirements:_` — read as a property
 *   test's `verifies`, so every criterion of the feature was COVERAGE_MISSING (91 of 91; lead-capture 108 of 108).
 * - filipnovakov13/kiro-hackaton (round 45), .kiro/specs/rag-core-phase/tasks.md:51: `**Property-Based Test**: Validates:
 *   Requirements 13.1 (Input validation)` in a file that cites no other way: a test's, `verifies` as before (a check of the change).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const REQUIREMENTS = ['# Requirements', '', '### Requirement 1: Customers', '', '#### Acceptance Criteria', '', '1. WHEN a customer is created THEN the system SHALL store it', '2. WHEN a customer is updated THEN the system SHALL stamp it', ''].join('\n');
const load = (tasks: string) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/customers/requirements.md': REQUIREMENTS, '.kiro/specs/customers/tasks.md': tasks }));
const relations = (ws: ReturnType<typeof loadWorkspace>, id: string) => (ws.relationsOut.get(id) ?? []).map((e) => `${e.relation} ${e.id}`);

describe('forms of a fifty-first round', () => {
  it('Kiro: `**Validates: Requirement 1.1**` in a tasks file that cites no other way is how the team cites: implements', () => {
    const ws = load(['- [x] 1.1 Create customers table migration', '  - Add indexes for phone, email', '  - **Validates: Requirement 1.1**', '', '- [x] 1.2 Create updated_at trigger', '  - **Validates: Requirement 1.2**', ''].join('\n'));
    expect(relations(ws, 'customers/T1.1')).toEqual(['implements customers/R1.1']);
    expect(ws.diagnostics).toEqual([]);
  });

  it('on a task that is a test, it verifies, even where the file cites no other way', () => {
    const headed = load(['## 1. Core Services', '', '### 1.1 Implement SessionStore', '- [x] Create `backend/app/services/sessions.py`', '- [x] Write unit tests for all methods', '', '**Property-Based Test**: Validates: Requirements 1.1-1.2 (Session management)', '- Property: sessions expire', ''].join('\n'));
    expect(relations(headed, 'customers/T1.1')).toEqual(['verifies customers/R1.1', 'verifies customers/R1.2', 'refines customers/T1']);
    const boxed = load(['- [ ] 1. Create the trigger', '  - **Validates: Requirement 1.1**', '- [ ] 2. Write unit tests for the trigger', '  - **Validates: Requirement 1.2**', ''].join('\n'));
    expect(relations(boxed, 'customers/T1')).toEqual(['implements customers/R1.1']);
    expect(relations(boxed, 'customers/T2')).toEqual(['verifies customers/R1.2']);
  });

  it('a task is a test by its title, Kiro\'s optional mark or a property\'s label — not by a domain word (`Property model`) or `tests pass` in its steps (a review)', () => {
    const ws = load([
      '- [ ] 1. Implement Property model',
      '  - Link properties to customers',
      '  - **Validates: Requirements 1.1**',
      '- [ ] 2. Implement customer service',
      '  - Ensure all tests pass',
      '  - **Validates: Requirements 1.2**',
      '- [ ]* 3. Round-trip of customer serialization',
      '  - **Validates: Requirements 1.1**',
      '- [ ] 4. Stamps',
      '  - **Property 2: Stamps are monotonic**',
      '  - **Validates: Requirements 1.2**',
      '',
    ].join('\n'));
    expect(['T1', 'T2', 'T3', 'T4'].map((t) => relations(ws, `customers/${t}`).join())).toEqual(['implements customers/R1.1', 'implements customers/R1.2', 'verifies customers/R1.1', 'verifies customers/R1.2']);
  });

  it('beside `_Requirements:_`, it is the property test\'s verifies, as before: a criterion only a test names is not implemented', () => {
    const ws = load(['- [x] 1. Create the table', '  - _Requirements: 1.1_', '- [x] 1.1 Property test: stamps', '  - **Validates: Requirements 1.2**', ''].join('\n'));
    expect(relations(ws, 'customers/T1.1')).toEqual(['verifies customers/R1.2', 'refines customers/T1']);
    expect(ws.diagnostics.map((d) => `${d.code} ${d.nodeId}`)).toEqual(['COVERAGE_MISSING customers/R1.2']);
  });
});

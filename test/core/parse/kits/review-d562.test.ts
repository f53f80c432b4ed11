/**
 * A second review of D-558 to D-562 (D-562's note): ordinary forms the first cuts misread, each modelled on the reviewer's lines.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const SPEC = ['- **FR-001**: Validate input.', '- **FR-002**: Log errors.', '- **FR-003**: Wire the CLI.', '- **FR-004**: Retry jobs.', '', '- **SC-001**: No data loss.', '- **SC-002**: Isolation.', '- **SC-003**: No plaintext.', '- **SC-004**: Fast login.', ''].join('\n');
const speckit = (tasks: string, spec = SPEC) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-x/spec.md': spec, 'specs/001-x/tasks.md': tasks }));
const refs = (ws: ReturnType<typeof speckit>, task: string) => (ws.relationsOut.get(`001-x/${task}`) ?? []).filter((e) => e.relation === 'implements').map((e) => e.id.replace('001-x/', ''));
const taskIds = (ws: ReturnType<typeof speckit>) => [...ws.ids].filter((id) => ws.nodes.get(id)!.type === 'task').map((id) => `${id.replace('001-x/', '')} ${ws.nodes.get(id)!.title}`);

describe('negation is read right before the verb or `per`, not in the criterion\'s own words', () => {
  it('`No data loss on crash — verified by T002`, `Retry pending jobs until they succeed per FR-004` map; `Not covered by T003`, `is deferred per FR-002` do not', () => {
    const ws = speckit(['## Phase 1', '', '**Purpose**: Retry pending jobs until they succeed per FR-004', '', '- [ ] T002 Crash test', '- [ ] T003 Isolation test', '- [ ] T004 Plaintext test', '', '## Phase 2', '', '**Purpose**: The JSON exporter is deferred per FR-002', '', '- [ ] T005 Skeleton', '', '## Criteria', '', '- **SC-001**: No data loss on crash — verified by T002', '- **SC-002**: Users never see other tenants\' data (tested by T003)', '- **SC-003**: Passwords not stored in plaintext, covered by T004', '- **SC-004**: Not covered by T005', '- **SC-004** (login): T005で確認できず（未実装）', ''].join('\n'));
    expect([refs(ws, 'T002'), refs(ws, 'T003'), refs(ws, 'T004'), refs(ws, 'T005')]).toEqual([['FR-004', 'SC-001'], ['FR-004', 'SC-002'], ['FR-004', 'SC-003'], []]);
  });
});

describe('tasks without boxes: dependency notes and a dash before the title', () => {
  it('`- T002 requires T001` and `- T003 is blocked by T002` are notes; `- T001 — Input validation` is a task', () => {
    const ws = speckit(['## Execution order', '- T002 requires T001', '- T003 is blocked by T002', '', '## Phase 1', '- T001 — Input validation (FR-001)', '- T002 — Error logging (FR-002)', '- T003: CLI wiring (FR-003)', '- T004 can run beside T003', ''].join('\n'));
    expect(taskIds(ws)).toEqual(['T001 Input validation (FR-001)', 'T002 Error logging (FR-002)', 'T003 CLI wiring (FR-003)']);
  });

  it('not in a file whose tasks are a table with the id in a later column', () => {
    const ws = speckit(['| Status | ID | Task | Requirement |', '|---|---|---|---|', '| ✅ | T001 | Input validation | FR-001 |', '', '## Dependencies', '- T002 after the table', '- T003 later', ''].join('\n'));
    expect(taskIds(ws)).toEqual([]);
  });
});

describe("a spec's heading of an id a list item above defines", () => {
  it('is its section with a dash or a space (`### SC-001 — Measurement methodology`), a second one with a colon', () => {
    const ws = speckit('', `${SPEC}\n### SC-001 — Measurement methodology\n\n### SC-002 - How we measure\n\n### SC-003: Measurement\n`);
    const duplicates = ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE');
    expect(duplicates.length).toBe(1);
    expect(duplicates[0]!.message).toContain('SC-003');
  });
});

describe('Kiro', () => {
  const kiro = (requirements: string, tasks: string) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/a/requirements.md': requirements, '.kiro/specs/a/tasks.md': tasks }));
  const criteria = (ws: ReturnType<typeof kiro>) => [...ws.ids].filter((id) => ws.nodes.get(id)!.type === 'acceptance-criterion').map((id) => `${id} ${ws.nodes.get(id)!.title}`);

  it('a verification or status table of a prefixed requirement holds no criteria', () => {
    const ws = kiro(['### FR-1: Login', '#### Acceptance Criteria', '| ID | Criterion |', '| FR-1.1 | The user can log in with email |', '##### Verification', '| Criterion | Test |', '| FR-1.1 | test_login_ok |', '| FR-1.3 | (planned) lockout after 5 tries |', '##### Errors', '| FR-1.2 | A wrong password is refused |', '### FR-2: Lockout', '#### Acceptance Criteria Status', '| ID | Status |', '| FR-2.1 | done |', '#### Acceptance Criteria', '| FR-2.1 | Lock after 5 failed tries |', ''].join('\n'), '- [ ] 1. Login\n  - _Requirements: FR-1.1, FR-1.2, FR-2.1_\n');
    expect(criteria(ws)).toEqual(['a/FR-1.1 The user can log in with email', 'a/FR-1.2 A wrong password is refused', 'a/FR-2.1 Lock after 5 failed tries']);
  });

  it('a `#` section right over its own criteria heading is no pasted title; `## 2 Non-functional` is a section `2`; `Bugfix 14` is a ticket', () => {
    const pasted = kiro(['# Requirements', '', '## Requirement 2: Reporting', '**User Story:** As an admin, I want reports.', '', '# Non-functional requirements', '', '### Acceptance Criteria', '', '1. THE system SHALL answer within 1 second.', ''].join('\n'), '- [ ] 1. Report\n');
    expect(criteria(pasted)).toEqual([]);
    const sectioned = kiro(['## 1 Functional', '### FR-1: Login', '#### Acceptance Criteria', '1. THE system SHALL log in', '### FR-2: Lockout', '#### Acceptance Criteria', '1. THE system SHALL lock', '## 2 Non-functional', 'Fast.', ''].join('\n'), '- [ ] 1. Perf budget\n  - _Requirements: 2_\n- [ ] 2. Bugs\n  - _Requirements: 1.1, Bugfix 14_\n');
    expect(sectioned.relationsOut.get('a/T1') ?? []).toEqual([]);
    expect(sectioned.relationsOut.get('a/T2')!.map((e) => e.id)).toEqual(['a/FR-1.1']);
  });
});

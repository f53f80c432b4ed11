/**
 * A form a seventy-third round of held-out repositories wrote (D-557), modelled on the lines quoted:
 * 000ether999/centinelaia at 3f355f3 (Kiro, Spanish and English), .kiro/specs/authlog-translator/tasks.md:17: a task's
 * `    - _Satisface: Requirement 1, Requirement 5_` ("satisfies"): no edge was read, so the spec's 31 criteria were left out of
 * coverage without a word, and its requirements were "(not cited)" in a task's bundle.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const REQUIREMENTS = ['### Requirement 1: Parser', '', '#### Acceptance Criteria', '', '1. THE parser SHALL group by IP', '', '### Requirement 5: Severity', '', '#### Acceptance Criteria', '', '1. THE parser SHALL set severity', ''].join('\n');
const load = (tasks: string) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/authlog/requirements.md': REQUIREMENTS, '.kiro/specs/authlog/tasks.md': tasks }));

describe('a task\'s `_Satisface:` label ("satisfies")', () => {
  it('names the requirements it lists, as `_Refs:` does', () => {
    const ws = load(['- [x] 1. Parser', '  - [x] 1.1 Crear el parser', '    - Agregar intentos fallidos por IP de origen', '    - _Satisface: Requirement 1, Requirement 5_', ''].join('\n'));
    expect(ws.relationsOut.get('authlog/T1.1')!.map((e) => `${e.relation} ${e.id}`)).toEqual(['implements authlog/R1', 'implements authlog/R5', 'refines authlog/T1']);
  });

  it('not before words that name no requirement (`_Satisfies: the reviewers_`)', () => {
    const ws = load(['- [ ] 1. Review', '  - _Satisfies: the reviewers 2 times_', ''].join('\n'));
    expect(ws.relationsOut.get('authlog/T1') ?? []).toEqual([]);
  });
});

describe('a review of D-557', () => {
  const kiro = (requirements: string, tasks: string) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/auth/requirements.md': requirements, '.kiro/specs/auth/tasks.md': tasks }));
  const criteriaOf = (ws: ReturnType<typeof kiro>) => [...ws.ids].filter((id) => ws.nodes.get(id)!.type === 'acceptance-criterion');

  it('table rows under a group heading below the criteria heading, or under a heading that opens with its words, are criteria', () => {
    const ws = kiro(['### FR-1: Login', '#### Acceptance Criteria', '##### Happy path', '| FR-1.1 | WHEN valid credentials are given THEN the system SHALL sign the user in |', '##### Errors', '| FR-1.2 | WHEN the password is wrong THEN the system SHALL show an error |', '### FR-3: Session timeout', '#### Acceptance Criteria Table', '| FR-3.1 | The session SHALL expire after 30 minutes |', '#### Traceability', '| FR-3.2 | T1 |', ''].join('\n'), '- [ ] 1. Login\n  - _Requirements: FR-1.1, FR-1.2, FR-3.1_\n');
    expect(criteriaOf(ws)).toEqual(['auth/FR-1.1', 'auth/FR-1.2', 'auth/FR-3.1']);
  });

  it('an HTML comment written in code opens none (`` `<!-- marker` ``)', () => {
    const ws = kiro(['### FR-1: Template markers', '', 'The generator SHALL support marker comments written as `<!-- marker` on their own line.', '', '| ID | Criterion |', '|----|-----------|', '| FR-1.1 | WHEN a marker is found THEN the generator SHALL replace it |', ''].join('\n'), '- [ ] 1. Markers\n  - _Requirements: FR-1.1_\n');
    expect(criteriaOf(ws)).toEqual(['auth/FR-1.1']);
  });

  it('`_Requirements: 1_` names `FR-1` in a feature whose requirements are `### FR-1:` and that numbers no section 1', () => {
    const ws = kiro(['### FR-1: Login', '', 'The user logs in.', '', '### FR-2: Logout', '', 'The user logs out.', ''].join('\n'), '- [ ] 1. Login\n  - _Requirements: 1_\n- [ ] 2. Logout\n  - _Requirements: 2_\n');
    expect(ws.relationsOut.get('auth/T1')!.map((e) => `${e.relation} ${e.id}`)).toEqual(['implements auth/FR-1']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
  });
});

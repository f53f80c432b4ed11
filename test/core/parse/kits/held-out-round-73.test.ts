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

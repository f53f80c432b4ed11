/**
 * Forms a forty-fifth round of held-out repositories wrote (D-523):
 * - y047aka/elm-motorsport-analysis at 9d5fb6f, .kiro/specs/wec-event-halfmodal-cardetails/tasks.md:7:
 *   `  - _Requirements: Goals、Acceptance 1、User Story 1_`, citing the sections of a requirements.md with no numbered
 *   requirement (its criteria a plain list under `## Acceptance Criteria / 受け入れ条件`): `Acceptance 1` was read as
 *   requirement 1, 8 false LINK_BROKEN.
 * - 94mashiro/oihub, specs/001-service-response-types/tasks.md:133: `- [ ] T026 Verify IDE autocomplete performance (< 100ms
 *   response per FR-018)` in a spec of FR-001 to FR-015 whose tasks cite by story (`[US1]`): the one id, which names nothing,
 *   held the feature's requirements to coverage, 15 false COVERAGE_MISSING.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { numberList } from '../../../../src/core/parse/kits/number-list.js';
import { testdir } from '../../../helpers/testdir.js';

describe('forms of a forty-fifth round', () => {
  it.each([
    ['a criteria word before a whole number names a criterion of no requirement said', 'Goals、Acceptance 1、User Story 1', []],
    ['and the whole numbers listed after it', 'AC 2, 3', []],
    ['two criteria words', 'Acceptance Criteria 3', []],
    ['a label or a dotted number after it is the list’s again', 'AC 2, Requirement 4, 5.1', ['4', '5.1']],
    ['a requirement before it is kept', 'Requirement 3 AC 2', ['3']],
    ['a dotted criterion after a criteria word is as written', 'AC 1.2, Acceptance Criteria 2.1', ['1.2', '2.1']],
    ['inside a group of a requirement’s criteria, its prefix says whose', '1, 2 (ACs 1-2; AC 3 in task 2)', ['2.1', '2.2', '2.3', '1']],
  ])('requirements: %s', (_name, list, numbers) => {
    expect(numberList(list).numbers).toEqual(numbers);
  });

  it('`_Requirements: Goals、Acceptance 1、User Story 1_` over a requirements.md of named sections cites nothing, and so is no LINK_BROKEN', () => {
    const requirements = ['# Requirements', '', '## Goals / 目的', '- CarDetails をハーフモーダルに表示する。', '', '## Acceptance Criteria / 受け入れ条件', '1. ハーフモーダルに `CarDetails` が表示されること。', '2. 選択変更が即時反映されること。', ''].join('\n');
    const tasks = ['# Implementation Plan', '', '- [x] 1. ハーフモーダルの表示内容を CarDetails に置換', '  - _Requirements: Goals、Acceptance 1、User Story 1_', '', '- [x] 2. 選択車両ステートの同期', '  - _Requirements: Goals、User Story 2、Acceptance 2_', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/wec/requirements.md': requirements, '.kiro/specs/wec/tasks.md': tasks }));
    expect([ws.nodes.has('wec/T1'), ws.nodes.has('wec/T2')]).toEqual([true, true]);
    expect((ws.relationsOut.get('wec/T1') ?? []).filter((e) => e.relation === 'implements')).toEqual([]);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
    // Where the requirements are numbered, `Requirement 1` beside it still cites requirement 1.
    const numbered = ['### Requirement 1: Show', '#### Acceptance Criteria', '1. WHEN the modal opens THEN it SHALL show CarDetails', ''].join('\n');
    const cited = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/wec/requirements.md': numbered, '.kiro/specs/wec/tasks.md': '- [x] 1. Show\n  - _Requirements: Requirement 1、Acceptance 1_\n' }));
    expect(cited.relationsOut.get('wec/T1')).toEqual([{ relation: 'implements', id: 'wec/R1' }]);
  });

  it('a task that names an `FR-` id that does not exist is LINK_BROKEN, and no practice of citing: the requirements are not held to coverage', () => {
    const spec = ['# Feature Specification', '', '### User Story 1 - Developer Integration (Priority: P1)', '', 'A developer imports the types.', '', '### Functional Requirements', '', '- **FR-001**: System MUST provide type definitions', '- **FR-002**: Type definitions MUST distinguish optional fields', ''].join('\n');
    const tasks = ['## Phase 3: User Story 1', '', '- [ ] T010 [US1] Create `src/types/newapi.ts`', '', '## Phase 6: Polish', '', '- [ ] T026 Verify IDE autocomplete performance (< 100ms response per FR-018)', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-types/spec.md': spec, 'specs/001-types/tasks.md': tasks }));
    expect(ws.diagnostics.map((d) => `${d.code} ${d.nodeId}`)).toEqual(['LINK_BROKEN 001-types/T026']);
    expect(ws.coverage?.untraced?.filter((u) => u.type === 'functional-requirement')).toEqual([{ feature: '001-types', type: 'functional-requirement', count: 2, reason: 'no-ids' }]);
    // One that exists holds them, as before: FR-002 is then uncovered.
    const cited = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-types/spec.md': spec, 'specs/001-types/tasks.md': tasks.replace('FR-018', 'FR-001') }));
    expect(cited.diagnostics.map((d) => `${d.code} ${d.nodeId}`)).toEqual(['COVERAGE_MISSING 001-types/FR-002']);
  });

  it('a feature is held by the kind of the item a task names, as resolved: `4.1` naming a criterion written in parts (`1a.`, `1b.`) holds it (a review)', () => {
    const requirements = ['### Requirement 4: Search', '', '#### Acceptance Criteria', '', '1a. WHEN Enter THEN the system SHALL search', '1b. WHEN click THEN the system SHALL search', '2. IF no result THEN the system SHALL say so', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/pm/requirements.md': requirements, '.kiro/specs/pm/tasks.md': '- [ ] 1. Search on Enter and click\n  - _Requirements: 4.1_\n' }));
    expect(ws.relationsOut.get('pm/T1')).toEqual([{ relation: 'implements', id: 'pm/R4.1a' }, { relation: 'implements', id: 'pm/R4.1b' }]);
    expect(ws.diagnostics.map((d) => `${d.code} ${d.nodeId}`)).toEqual(['COVERAGE_MISSING pm/R4.2']);
    // So do a team's tag (`FR-SEC-1`, criterion 1 of `### Requirement 7 (FR-SEC)`) and a coded id (`REQ-BL-001`, a requirement):
    // they name a criterion and a requirement, whose shape the id does not show (the id's shape alone had held nothing).
    const tagged = ['### Requirement 7 (FR-SEC): Security', '#### Acceptance Criteria', '1. THE system SHALL a', '2. THE system SHALL b', ''].join('\n');
    const a = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/sec/requirements.md': tagged, '.kiro/specs/sec/tasks.md': '- [ ] 1. One\n  - _Requirements: FR-SEC-1_\n' }));
    const coded = ['### REQ-BL-001: One', '#### Acceptance Criteria', '1. THE system SHALL a', '### REQ-BL-002: Two', '#### Acceptance Criteria', '1. THE system SHALL b', ''].join('\n');
    const b = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/bl/requirements.md': coded, '.kiro/specs/bl/tasks.md': '- [ ] 1. One\n  - _Requirements: REQ-BL-001_\n' }));
    expect([a, b].map((ws) => ws.diagnostics.map((d) => `${d.code} ${d.nodeId}`))).toEqual([['COVERAGE_MISSING sec/R7.2'], ['COVERAGE_MISSING bl/R2.1']]);
  });
});


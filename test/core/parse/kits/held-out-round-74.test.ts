/**
 * Forms a seventy-fourth round of held-out repositories wrote (D-559), modelled on the lines quoted:
 * - jieen1/yaak-hmos at 67f78cbb (Kiro), .kiro/specs/ui-improvements/requirements.md:70-126: Requirement 3's criteria under
 *   seven headings with a topic after a dash (`#### Acceptance Criteria - Context Menu`, `#### Acceptance Criteria - Rename
 *   Operation`), numbered straight through 1..36: none was read, so 21 citations of 3.x were LINK_BROKEN;
 * - CarlitoDon/sync-erp at ff7cfc8 (Spec Kit), specs/035-procure-to-pay-p2p/spec.md:370-372: `- **SC-007**: 95% of users …`
 *   then `### SC-007 Measurement Methodology`, that criterion's section, read as a second SC-007 (ID_DUPLICATE).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

describe('a Kiro requirement whose criteria headings name a topic after a dash', () => {
  const requirements = ['### Requirement 3: Request Management Features', '', '**User Story:** As a user, I want request management', '', '#### Acceptance Criteria - Context Menu', '', '1. WHEN a user long-presses a request item THEN the system SHALL display a context menu', '2. WHEN a user long-presses a folder item THEN the system SHALL display folder actions', '', '#### Acceptance Criteria - Rename Operation', '', '3. WHEN a user selects "Rename" THEN the system SHALL show an inline text input', '4. WHEN a user presses Escape THEN the system SHALL cancel the rename', '', '### Requirement 4: Tabs', '', '#### Acceptance Criteria', '', '1. WHEN a tab is chosen THEN the system SHALL show it', ''].join('\n');
  const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/ui/requirements.md': requirements, '.kiro/specs/ui/tasks.md': ['- [ ] 11. Rename', '  - _Requirements: 3.3, 3.4_', '- [ ] 12. Menu', '  - _Requirements: 3.1, 3.2, 4.1_', ''].join('\n') }));

  it('reads each group, numbered straight through, as the requirement\'s criteria', () => {
    expect([...ws.ids].filter((id) => id.startsWith('ui/R'))).toEqual(['ui/R3', 'ui/R3.1', 'ui/R3.2', 'ui/R3.3', 'ui/R3.4', 'ui/R4', 'ui/R4.1']);
    expect(ws.nodes.get('ui/R3.3')!.title).toBe('WHEN a user selects "Rename" THEN the system SHALL show an inline text input');
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
  });

  it('not a heading that only names criteria in prose after a dash and a colon (`#### Acceptance criteria - see: below`)', async () => {
    const { CRITERIA_HEADING } = await import('../../../../src/core/parse/kits/kiro-criteria.js');
    expect(CRITERIA_HEADING.test('Acceptance Criteria - Context Menu')).toBe(true);
    expect(CRITERIA_HEADING.test('Acceptance Criteria - see: below')).toBe(false);
    expect(CRITERIA_HEADING.test('Acceptance Criteria-Context')).toBe(false);
    expect(CRITERIA_HEADING.test('Notes on acceptance criteria - draft')).toBe(false);
  });
});

describe("a Spec Kit spec's heading of a criterion a list item above defines", () => {
  const spec = ['## Success Criteria', '', '- **SC-006**: All void operations reverse their effects.', '- **SC-007**: 95% of users can complete P2P flow without help.', '', '### SC-007 Measurement Methodology', '', '- **Sample**: New users (minimum 20)', '', '### FR-009 Audit log', '', 'The system keeps an audit log.', ''].join('\n');
  const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/035-p2p/spec.md': spec }));

  it('is that criterion\'s section, no second one; a heading of an id no item defines is a requirement still', () => {
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE')).toEqual([]);
    expect(ws.nodes.get('035-p2p/SC-007')!.title).toBe('95% of users can complete P2P flow without help.');
    expect(ws.nodes.get('035-p2p/FR-009')!.title).toBe('Audit log');
  });
});

describe('a review of D-559', () => {
  it('a heading of an id a list item above defines, with a colon, is a second one still (`### FR-003: Scheduled exports`: ID_DUPLICATE)', () => {
    const spec = ['- **FR-003**: System MUST log each export.', '', '### FR-003: Scheduled exports', '', 'System MUST run exports on a schedule.', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/035-p2p/spec.md': spec }));
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE').length).toBe(1);
  });
});

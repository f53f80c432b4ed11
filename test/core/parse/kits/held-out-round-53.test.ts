/**
 * Forms a fifty-third round of held-out repositories wrote (D-532), each case modelled on the lines quoted:
 * - JhonyKing/atlas (83dd524), specs/004-optional-auth-private-data/tasks.md:152-168: a traceability table whose ids carry the
 *   team's part code, `| FR-IDN-001 | T022-T029 | T020-T021, T055 |`, `| SC-CMP-001–SC-CMP-004 (matrix quality, …) | T012–T029,
 *   T035–T036 |` (002), `| FR-SEC-001..002 | T002, T004, T007..T008 | threat suite |` (009): not read as the same table with
 *   `FR-001` is, so 33 requirements a task implements by it were COVERAGE_MISSING.
 * - proerror77/Nova, specs/009-p0-auth-register-login/spec.md:72: `- **FR-006: Implement gRPC endpoints ONLY** (Register, Login,
 *   Refresh as gRPC RPCs).`, the bold closed after the title: no requirement read, and nothing said.
 * - A review's cases: a summary list in the same look above the requirements' headings, two in one line, a table's row whose
 *   first cell is a sentence about an id, one whose implementation cell is empty, a bold mapping line of coded ids.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const relations = (ws: ReturnType<typeof loadWorkspace>, id: string) => (ws.relationsOut.get(id) ?? []).map((e) => `${e.relation} ${e.id}`);

describe('forms of a fifty-third round', () => {
  it('Spec Kit: a traceability table of ids with a part code, ranges of either side written with a dash or two dots', () => {
    const spec = ['# Feature Specification: Identity', '', '## Requirements', '', '- **FR-IDN-001**: Users MUST sign in.', '- **FR-IDN-002**: Sessions MUST expire.', '- **FR-IDN-003**: Data MUST stay private.', '', '## Success Criteria', '', '- **SC-IDN-001**: Sign-in under 2 s.', '- **SC-IDN-002**: No leak.', ''].join('\n');
    const tasks = [
      '# Tasks',
      '',
      '- [X] T020 Write the sign-in tests (FR-IDN-001)',
      '- [X] T021 Build sign-in',
      '- [X] T022 Build sessions',
      '- [X] T023 Build expiry',
      '- [X] T024 Build the privacy filter',
      '',
      '## Requirements Traceability',
      '',
      '| Requirement | Implementation tasks | Verification/evidence tasks |',
      '|---|---|---|',
      '| FR-IDN-001 | T021 | T020 |',
      '| FR-IDN-002..003 | T022..T024 | T020 |',
      '| SC-IDN-001–SC-IDN-002 (speed and privacy) | T021–T022 | T020 |',
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/004-identity/spec.md': spec, 'specs/004-identity/tasks.md': tasks }));
    expect(relations(ws, '004-identity/T023')).toEqual(['implements 004-identity/FR-IDN-002', 'implements 004-identity/FR-IDN-003']);
    expect(relations(ws, '004-identity/T021')).toEqual(['implements 004-identity/FR-IDN-001', 'implements 004-identity/SC-IDN-001', 'implements 004-identity/SC-IDN-002']);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING')).toEqual([]);
  });

  it('Spec Kit: `- **FR-006: Implement gRPC endpoints ONLY** (…)`, the bold closed after the title, is requirement FR-006', () => {
    const spec = ['# Feature Specification: Auth', '', '## Requirements', '', '- **FR-005**: System MUST hash passwords.', '- **FR-006: Implement gRPC endpoints ONLY** (Register, Login, Refresh as gRPC RPCs).', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/009-auth/spec.md': spec }));
    expect(ws.nodes.get('009-auth/FR-006')?.title).toBe('Implement gRPC endpoints ONLY (Register, Login, Refresh as gRPC RPCs).');
  });

  it('a summary list in that look above the requirements, or two on one line, defines nothing (a review: ID_DUPLICATE, a title of raw bold)', () => {
    const spec = ['# Feature Specification: X', '', '## Summary of requirements', '', '- **FR-006: Implement gRPC endpoints** (P1)', '', '## Requirements', '', '### FR-006: Implement gRPC endpoints', '', 'Register, Login, Refresh as gRPC RPCs.', '', '## Other', '', '- **FR-008: gRPC only** and **FR-009: REST gateway**', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/009-auth/spec.md': spec }));
    expect(ws.ids.filter((id) => id.includes('/FR-'))).toEqual(['009-auth/FR-006']);
    expect(ws.nodes.get('009-auth/FR-006')?.item?.line).toBe(9);
    expect(ws.diagnostics.map((d) => d.code)).not.toContain('ID_DUPLICATE');
  });

  it('a table maps from a first cell of ids (a note, or a title after a colon), or an id and its title beside tasks only; not from a sentence about an id beside prose (a review); a bold mapping line of coded ids maps', () => {
    const spec = ['# Feature Specification: Identity', '', '## Requirements', '', ...['FR-IDN-001', 'FR-IDN-002', 'FR-IDN-003', 'FR-IDN-004', 'FR-IDN-005', 'SC-IDN-001'].map((id) => `- **${id}**: Something.`), ''].join('\n');
    const tasks = [
      '# Tasks',
      '',
      ...['T020', 'T021', 'T022', 'T025', 'T026', 'T030'].map((id) => `- [X] ${id} Work (FR-IDN-004)`),
      '',
      '| Requirement | Phase | Implementation tasks | Verification/evidence tasks |',
      '|---|---|---|---|',
      '| FR-IDN-001: Sign in | 1 | T021 | T020 |',
      '| FR-IDN-002 | 2 | — | T020 |',
      '| FR-IDN-005 用户注册 | | T026 | |',
      '',
      '| Risk | Mitigation | Task |',
      '|---|---|---|',
      '| SC-IDN-001 could regress under load | rotate keys | T025 |',
      '',
      '- **FR-IDN-003**：T022、T030',
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/004-identity/spec.md': spec, 'specs/004-identity/tasks.md': tasks }));
    expect(relations(ws, '004-identity/T021')).toEqual(['implements 004-identity/FR-IDN-001', 'implements 004-identity/FR-IDN-004']);
    // (The older rule: the first cell that holds tasks, whatever its column: `—` in one says nothing of which it is.)
    expect(relations(ws, '004-identity/T020')).toEqual(['implements 004-identity/FR-IDN-002', 'implements 004-identity/FR-IDN-004']);
    expect(relations(ws, '004-identity/T026')).toEqual(['implements 004-identity/FR-IDN-004', 'implements 004-identity/FR-IDN-005']);
    expect(relations(ws, '004-identity/T025')).toEqual(['implements 004-identity/FR-IDN-004']);
    expect(relations(ws, '004-identity/T030')).toEqual(['implements 004-identity/FR-IDN-003', 'implements 004-identity/FR-IDN-004']);
  });

  it('the title in the bold: a bold cross-reference after it is no second requirement, an ASCII dash joins too, and a second line of the same id is no requirement (a review)', () => {
    const spec = ['# Feature Specification: Audit', '', '## Requirements', '', '- **FR-004: Audit** — logs every change to **FR-001** records.', '- **FR-003 - Export**: the report as CSV.', '- **FR-004: Audit again** (summary)', '', '## Summary', '', '- **FR-001: Login** (P1)', '', '## Plain', '', '- FR-001: System MUST log a user in.', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/002-audit/spec.md': spec }));
    expect(ws.ids.filter((id) => id.includes('/FR-')).map((id) => `${id} ${ws.nodes.get(id)!.item!.line}`)).toEqual(['002-audit/FR-001 15', '002-audit/FR-003 6', '002-audit/FR-004 5']);
    expect(ws.diagnostics.map((d) => d.code)).not.toContain('ID_DUPLICATE');
  });
});

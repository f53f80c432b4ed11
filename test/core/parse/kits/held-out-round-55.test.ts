/**
 * A form a fifty-fifth round of held-out repositories wrote (D-534), modelled on the lines quoted:
 * - sobrinkedos/myEasyApp (fd7d911), .kiro/specs/frontend-web-architecture/tasks.md:288-305: `_Requirements:
 *   web-admin-dashboard/2.1, 2.2, 2.3, 2.4, 2.5_` — another feature's criteria, by its folder's name. The first number
 *   was dropped and the others named the citing feature's own criteria: 16 wrong edges, and a criterion of its own
 *   (R3.5) "covered" by a task that never cited it.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const requirements = (n: number) =>
  ['# Requirements', '', ...Array.from({ length: n }, (_, r) => [`### Requirement ${r + 1}: Part ${r + 1}`, '', '#### Acceptance Criteria', '', '1. WHEN a THEN the system SHALL b', '2. WHEN c THEN the system SHALL d', '']).flat()].join('\n');
const load = (tasks: string) =>
  loadWorkspace(
    testdir({
      'docugraph.yml': 'kits: [kiro]\n',
      '.kiro/specs/web-admin-dashboard/requirements.md': requirements(3),
      '.kiro/specs/frontend-web-architecture/requirements.md': requirements(3),
      '.kiro/specs/frontend-web-architecture/tasks.md': tasks,
    }),
  );
const implemented = (ws: ReturnType<typeof loadWorkspace>, id: string) => (ws.relationsOut.get(id) ?? []).filter((e) => e.relation === 'implements').map((e) => e.id);

describe('a form of a fifty-fifth round', () => {
  it('`_Requirements: web-admin-dashboard/2.1, 2.2_` names that feature\'s criteria, up to the next feature named', () => {
    const ws = load(
      [
        '# Tasks',
        '',
        '- [ ] 12.2 Criar DashboardPage',
        '  - _Requirements: web-admin-dashboard/2.1, 2.2_',
        '- [ ] 12.3 Both',
        '  - _Requirements: 1.1, web-admin-dashboard/3.1, 3.2_',
        '- [ ] 12.4 Own only',
        '  - _Requirements: 1.2_',
        '',
      ].join('\n'),
    );
    expect(implemented(ws, 'frontend-web-architecture/T12.2')).toEqual(['web-admin-dashboard/R2.1', 'web-admin-dashboard/R2.2']);
    expect(implemented(ws, 'frontend-web-architecture/T12.3')).toEqual(['frontend-web-architecture/R1.1', 'web-admin-dashboard/R3.1', 'web-admin-dashboard/R3.2']);
    // The citing feature's R2.2 and R3.2 are cited by nobody: held to coverage, not covered by another feature's citation.
    const missing = ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING').map((d) => d.nodeId);
    expect(missing).toContain('frontend-web-architecture/R2.2');
    expect(missing).toContain('frontend-web-architecture/R3.2');
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
  });

  it('a feature that does not exist is LINK_BROKEN as written; a word without a dash before a slash is no feature (`design/3.2`)', () => {
    const ws = load(['# Tasks', '', '- [ ] 1. A', '  - _Requirements: web-admin-dashbord/2.1_', '- [ ] 2. B', '  - _Requirements: 1.1, design/3.2_', ''].join('\n'));
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message)).toEqual([
      'frontend-web-architecture/T1 implements `web-admin-dashbord/R2.1` (written `_Requirements: web-admin-dashbord/2.1_`), which does not exist; did you mean `web-admin-dashboard/R2.1`?',
    ]);
    // As before: `design/3.2` names no number of a list (glued to letters), and the feature's own `1.1` is read.
    expect(implemented(ws, 'frontend-web-architecture/T2')).toEqual(['frontend-web-architecture/R1.1']);
  });

  it('a name in the middle of a part, a requirement id or a path before a slash is no feature: the list reads as before (a review)', () => {
    const ws = load(
      [
        '# Tasks',
        '',
        '- [ ] 1. See',
        '  - _Requirements: 1.1 (see design-doc/3.2), 2.1_',
        '- [ ] 2. Ids',
        '  - **Requirements:** FR-1.1/1.2, NFR-security/1.1, docs/api-v2/3.1, 3.1',
        '',
      ].join('\n'),
    );
    expect(implemented(ws, 'frontend-web-architecture/T1')).toEqual(['frontend-web-architecture/R1.1', 'frontend-web-architecture/R2.1']);
    expect(implemented(ws, 'frontend-web-architecture/T2')).toEqual(['frontend-web-architecture/R1.2', 'frontend-web-architecture/R3.1']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message)).toEqual([]);
  });

  it('a feature that cites only another feature\'s criteria is not held to coverage for its own (a review: 40 COVERAGE_MISSING)', () => {
    const ws = load(['# Tasks', '', '- [ ] 1. Dashboard', '  - _Requirements: web-admin-dashboard/1.1, 1.2_', ''].join('\n'));
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING' && d.nodeId!.startsWith('frontend-web-architecture/'))).toEqual([]);
    expect((ws.coverage?.untraced ?? []).map((row) => row.feature)).toContain('frontend-web-architecture');
  });

  it('a feature kept a folder deeper, by stage, names its sibling', () => {
    const ws = loadWorkspace(
      testdir({
        'docugraph.yml': 'kits: [kiro]\n',
        '.kiro/specs/stage1/web-admin-dashboard/requirements.md': requirements(3),
        '.kiro/specs/stage1/app-core/requirements.md': requirements(3),
        '.kiro/specs/stage1/app-core/tasks.md': ['# Tasks', '', '- [ ] 1. Dashboard', '  - _Requirements: 1.1, web-admin-dashboard/2.1, 2.2_', ''].join('\n'),
      }),
    );
    expect(implemented(ws, 'stage1/app-core/T1')).toEqual(['stage1/app-core/R1.1', 'stage1/web-admin-dashboard/R2.1', 'stage1/web-admin-dashboard/R2.2']);
  });
});

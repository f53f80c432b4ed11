/**
 * KITS §7: coverage that matches the team's practice. A kit's default rules judge a feature's
 * items only when its tasks cite their kind by id; a feature that does not is one line in
 * `coverage`; a task that implements a whole requirement covers its criteria; `[USn]` in a
 * feature whose spec.md numbers no story is no error. Every expectation is read off the files
 * below by hand.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../src/core/index.js';
import { renderCoverageMarkdown, renderCoverageText } from '../../../src/cli/render/coverage.js';
import { testdir } from '../../helpers/testdir.js';

const criteria = (n: number, count: number) => `### Requirement ${n}\n#### Acceptance Criteria\n${Array.from({ length: count }, (_, i) => `${i + 1}. C${i + 1}`).join('\n')}\n`;

describe('coverage by feature (KITS §7)', () => {
  it('judges only features whose tasks cite the kind by id, and says which are not traced', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [kiro, speckit]\n',
      // Cites criteria by number: R1.2 is a gap; R2 is implemented whole, which covers R2.1 and R2.2.
      '.kiro/specs/cited/requirements.md': `${criteria(1, 2)}${criteria(2, 2)}`,
      '.kiro/specs/cited/tasks.md': '- [ ] 1. One\n  - _Requirements: 1.1_\n- [ ] 2. Two\n  - _Requirements: 2_\n',
      // Tasks that cite nothing by id, and a feature with no tasks at all: no finding per criterion.
      '.kiro/specs/prose/requirements.md': criteria(1, 3),
      '.kiro/specs/prose/tasks.md': '- [ ] 1. Do it all\n  - _Requirements: All of them_\n',
      '.kiro/specs/untasked/requirements.md': criteria(1, 2),
      // `[US1]` with no numbered story in spec.md (the older template): no LINK_BROKEN, one note.
      'specs/001-old/spec.md': '### Primary User Story\n\nA user does things.\n',
      'specs/001-old/tasks.md': '- [ ] T001 [US1] Build it\n',
    });
    const ws = loadWorkspace(root);
    expect(ws.diagnostics.map((d) => `${d.code} ${d.nodeId}`)).toEqual(['COVERAGE_MISSING cited/R1.2']);
    expect(ws.coverage?.rows).toEqual([
      { type: 'acceptance-criterion', relation: 'implements', covered: 3, total: 4 },
      { type: 'functional-requirement', relation: 'implements', covered: 0, total: 0 },
      { type: 'success-criterion', relation: 'implements', covered: 0, total: 0 },
      { type: 'user-story', relation: 'implements', covered: 0, total: 0 },
    ]);
    expect(ws.coverage?.untraced).toEqual([
      { feature: 'prose', type: 'acceptance-criterion', count: 3, reason: 'no-ids' },
      { feature: 'untasked', type: 'acceptance-criterion', count: 2, reason: 'no-tasks' },
      { feature: '001-old', type: 'user-story', count: 0, reason: 'no-stories' },
    ]);
    // A row's total leaves the items of features not held out: the table says how many (a row of none read as if there were none).
    expect(renderCoverageText(ws.coverage!).split('\n').slice(1, 5)).toEqual([
      'acceptance-criterion    implements        3      4  75% (5 not traced)',
      'functional-requirement  implements        0      0  —',
      'success-criterion       implements        0      0  —',
      'user-story              implements        0      0  —',
    ]);
    expect(renderCoverageText(ws.coverage!)).toContain(
      ['Not traced (no finding per item):', '  prose  3 acceptance-criteria; its tasks cite none of them by id', '  untasked  2 acceptance-criteria, no tasks', '  001-old  its tasks name stories ([USn]) that its spec.md does not number'].join('\n'),
    );
  });

  it("a type whose features are none of them held says how many it has, not a bare zero (and in Markdown)", () => {
    // Modelled on shek-a/car-rental-management-app (a fifty-ninth round): 21 success criteria, no task citing one: `0  0  —` read as none.
    const root = testdir({
      'docugraph.yml': 'kits: [speckit]\n',
      'specs/001-auth/spec.md': '# Feature Specification: Auth\n\n- **FR-001**: System MUST log in\n\n- **SC-001**: Users log in in 2 s\n- **SC-002**: 99% succeed\n',
      'specs/001-auth/tasks.md': '- [ ] T001 Build the login (FR-001)\n',
    });
    const coverage = loadWorkspace(root).coverage!;
    expect(renderCoverageText(coverage).split('\n').slice(1, 3)).toEqual(['functional-requirement  implements        1      1  100%', 'success-criterion       implements        0      0  — (2 not traced)']);
    expect(renderCoverageMarkdown(coverage)).toContain('| success-criterion | implements | 0 | 0 | — (2 not traced) |');
  });

  it('a coverage of the workspace’s own still judges every item of its types', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\ncoverage: { acceptance-criterion: implements }\n',
      '.kiro/specs/prose/requirements.md': criteria(1, 2),
      '.kiro/specs/prose/tasks.md': '- [ ] 1. Do it all\n',
    });
    const ws = loadWorkspace(root);
    expect(ws.diagnostics.map((d) => `${d.code} ${d.nodeId}`)).toEqual(['COVERAGE_MISSING prose/R1.1', 'COVERAGE_MISSING prose/R1.2']);
    expect(ws.coverage?.untraced).toBeUndefined();
  });
});

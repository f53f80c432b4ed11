/**
 * Forms a thirty-fourth round of public repositories wrote, judged by hand on e775e6e before anything was
 * changed for them (100 reference findings, 9 false):
 * - murilobc/d2r-desktop (88f5dd6): a Kiro bugfix clause added under another, `2.3.1 WHEN searching for item
 *   name text THEN the system SHALL scan for ALL D2R item rarity colors` (.kiro/specs/screenshot-detect-rewrite/
 *   bugfix.md line 38), cited by `_Requirements: 2.1, 2.3.1, 3.1, 3.2_` (1 false LINK_BROKEN);
 * - the same repository: the clauses under `### Current Behavior (Defect)` held to coverage (`1.1 WHEN the overlay
 *   window loads … THEN the system crashes …`, overlay-editor-revert: 6 of 30 judged COVERAGE_MISSING false, 12 of
 *   90), though a defect is what the fix removes; some features' tasks cite a few of them beside the clauses they fix
 *   (`_Requirements: 1.5, 2.1, 2.3_`), others none.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { renderCoverageText } from '../../../../src/cli/render/coverage.js';
import { testdir } from '../../../helpers/testdir.js';

const BUGFIX = [
  '# Bugfix Requirements Document',
  '',
  '## Bug Analysis',
  '',
  '### Current Behavior (Defect)',
  '',
  '1.1 WHEN a tooltip is visible THEN the system selects the wrong box',
  '',
  '1.2 WHEN the name is short THEN the system rejects it',
  '',
  '### Expected Behavior (Correct)',
  '',
  '2.1 WHEN a tooltip is visible THEN the system SHALL pick the name cluster',
  '',
  '2.3 WHEN many clusters exist THEN the system SHALL rank them',
  '',
  '2.3.1 WHEN searching THEN the system SHALL scan for all rarity colors',
  '',
  '### Unchanged Behavior (Regression Prevention)',
  '',
  '3.1 WHEN nothing matches THEN the system SHALL CONTINUE TO return the image',
  '',
].join('\n');

const findings = (ws: ReturnType<typeof loadWorkspace>): string[] =>
  ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'COVERAGE_MISSING').map((d) => `${d.code} ${d.nodeId ?? d.line}`);

describe('forms of a thirty-fourth round', () => {
  it('Kiro bugfix: `2.3.1 WHEN …` is criterion R2.3.1 of requirement R2, and `_Requirements: 2.3.1_` names it', () => {
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/fix/bugfix.md': BUGFIX, '.kiro/specs/fix/tasks.md': '- [ ] 1. Fix\n  - _Requirements: 2.1, 2.3, 2.3.1, 3.1_\n' }));
    expect([...ws.nodes.values()].filter((n) => n.item !== undefined && n.path.endsWith('bugfix.md')).map((n) => [n.id, n.item!.line])).toEqual([
      ['fix/R1', 5],
      ['fix/R1.1', 7],
      ['fix/R1.2', 9],
      ['fix/R2', 11],
      ['fix/R2.1', 13],
      ['fix/R2.3', 15],
      ['fix/R2.3.1', 17],
      ['fix/R3', 19],
      ['fix/R3.1', 21],
    ]);
    expect(ws.relationsOut.get('fix/R2.3.1')).toEqual([{ relation: 'refines', id: 'fix/R2' }]);
    expect(ws.relationsOut.get('fix/T1')!.map((e) => e.id)).toEqual(['fix/R2.1', 'fix/R2.3', 'fix/R2.3.1', 'fix/R3.1']);
    expect(findings(ws)).toEqual([]);
  });

  it('Kiro bugfix: the defect clauses are not held to coverage, cited or not (a citation still links); `coverage` counts them', () => {
    const fixes = '- [ ] 1. Fix\n  - _Requirements: 2.1, 2.3, 2.3.1, 3.1_\n';
    const quiet = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/fix/bugfix.md': BUGFIX, '.kiro/specs/fix/tasks.md': fixes }));
    expect(findings(quiet)).toEqual([]);
    expect(quiet.coverage!.rows).toEqual([{ type: 'acceptance-criterion', relation: 'implements', covered: 4, total: 4 }]);
    expect(quiet.coverage!.untraced).toEqual([{ feature: 'fix', type: 'acceptance-criterion', count: 2, reason: 'defects' }]);
    expect(renderCoverageText(quiet.coverage!)).toContain("Not traced (no finding per item):\n  fix  2 acceptance-criteria under its bugfix.md's defect heading: what the fix removes, not what a task implements\n");
    // A test that shows the bug first cites a defect clause (murilobc/d2r-desktop, phan-tuan-thanh/mpm): the link is kept, and the other clause is no gap.
    const explored = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/fix/bugfix.md': BUGFIX, '.kiro/specs/fix/tasks.md': `- [ ] 0. Show the bug\n  - _Requirements: 1.1_\n${fixes}` }));
    expect(explored.relationsOut.get('fix/T0')).toEqual([{ relation: 'implements', id: 'fix/R1.1' }]);
    expect(findings(explored)).toEqual([]);
    expect(explored.coverage!.untraced).toEqual([{ feature: 'fix', type: 'acceptance-criterion', count: 2, reason: 'defects' }]);
  });

  it('the defect heading in the words rounds met (`現在の動作（不具合）`, `当前行为（缺陷）`); any other heading stays held', () => {
    const japanese = BUGFIX.replace('### Current Behavior (Defect)', '### 現在の動作（不具合）');
    const chinese = BUGFIX.replace('### Current Behavior (Defect)', '### 当前行为（缺陷）');
    const other = BUGFIX.replace('### Current Behavior (Defect)', '### Symptoms');
    const tasks = '- [ ] 1. Fix\n  - _Requirements: 2.1, 2.3, 2.3.1, 3.1_\n';
    for (const [text, expected] of [[japanese, []], [chinese, []], [other, ['COVERAGE_MISSING fix/R1.1', 'COVERAGE_MISSING fix/R1.2']]] as const) {
      const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/fix/bugfix.md': text, '.kiro/specs/fix/tasks.md': tasks }));
      expect(findings(ws)).toEqual(expected);
    }
  });

  // A review of the first version, which took a clause's requirement (the heading of its number's first clause) for its heading.
  const bugfix = (lines: readonly string[]): string => ['# Bugfix Requirements Document', '', ...lines, ''].join('\n');
  const judged = (text: string, cites: string): string[] =>
    findings(loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/fix/bugfix.md': text, '.kiro/specs/fix/tasks.md': `- [ ] 1. Fix\n  - _Requirements: ${cites}_\n` })));
  const W = (n: string): string => `${n} WHEN it runs THEN the system SHALL work`;

  it('a clause is a defect clause by the behaviour heading it sits under, not by its number', () => {
    // Another section whose title says "defect" or "current" is no defect heading.
    expect(judged(bugfix(['### Current Behavior (Defect)', '', W('1.1'), '', '### Expected Behavior (defect fixed)', '', W('2.1'), '', W('2.2')]), '2.1')).toEqual(['COVERAGE_MISSING fix/R2.2']);
    expect(judged(bugfix(['### Current Behavior (Defect)', '', W('1.1'), '', '### Expected Behavior (Correct)', '', W('2.1'), '', '### Current Behavior to Preserve', '', W('3.1')]), '2.1')).toEqual(['COVERAGE_MISSING fix/R3.1']);
    // A bug's own heading that says "Defect" is no defect heading.
    expect(judged(bugfix(['### Bug 1 — Login error not surfaced', '', W('1.1'), '', W('1.2'), '', '### Bug 2 — Defect in pagination', '', W('2.1'), '', W('2.2')]), '1.1, 2.1')).toEqual([
      'COVERAGE_MISSING fix/R1.2',
      'COVERAGE_MISSING fix/R2.2',
    ]);
    // Numbered by bug: each bug's current behaviour is its defect, its expected behaviour is held.
    const byBug = bugfix(['### Bug 1', '', '#### Current Behavior', '', W('1.1'), '', '#### Expected Behavior', '', W('1.2'), '', W('1.3'), '', '### Bug 2', '', '#### Current Behavior', '', W('2.1'), '', '#### Expected Behavior', '', W('2.2')]);
    expect(judged(byBug, '1.2, 2.2')).toEqual(['COVERAGE_MISSING fix/R1.3']);
    // A heading under the defect heading (perezjoseph/Gestion-inmobiliaria: `#### Acceptance Criteria`).
    expect(judged(bugfix(['### Current Behavior (Defect)', '', '#### Acceptance Criteria', '', W('1.1'), '', W('1.2'), '', '### Expected Behavior (Correct)', '', W('2.1')]), '2.1')).toEqual([]);
  });

  it('defect headings in other words: Actual Behavior, 現在の挙動（バグ）, Aktuelles Verhalten (Fehler)', () => {
    for (const heading of ['### Actual Behavior', '### 現在の挙動（バグ）', '### Aktuelles Verhalten (Fehler)', '### Current Behaviour (Defect)']) {
      expect(judged(bugfix([heading, '', W('1.1'), '', '### Expected Behavior', '', W('2.1')]), '2.1')).toEqual([]);
    }
  });

  it('a three-part number is a clause only under the clause it extends: `1.2.3 WHEN …` wrapped in the introduction is prose', () => {
    const text = bugfix(['## Introduction', '', 'Users on version', '1.2.3 WHEN they open a large file THEN the app quits without a message.', '', '### Current Behavior (Defect)', '', W('1.1'), '', '### Expected Behavior (Correct)', '', W('2.1'), '', W('2.2')]);
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/fix/bugfix.md': text, '.kiro/specs/fix/tasks.md': '- [ ] 1. Fix\n  - _Requirements: 2.1_\n' }));
    expect(ws.nodes.has('fix/R1.2.3')).toBe(false);
    expect(ws.nodes.get('fix/R1')!.title).toBe('Current Behavior (Defect)');
    expect(findings(ws)).toEqual(['COVERAGE_MISSING fix/R2.2']);
  });
});

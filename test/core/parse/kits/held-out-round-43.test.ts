/**
 * Forms a forty-third round of held-out repositories wrote (D-521):
 * - Markovnikov-Song/study-assistant-app (a Kiro bugfix spec), .kiro/specs/calendar-tab-type-error/bugfix.md:52:
 *   `1.4 WHEN \`CalendarStats.fromJson\` processes a \`daily_stats\` or \`subject_stats\` list whose` — the clause wrapped
 *   before its THEN, on the next line: six such clauses were not read, and the tasks citing them had 10 false LINK_BROKEN.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const BUGFIX = [
  '# Bugfix Requirements Document',
  '',
  '## Introduction',
  '',
  'The calendar shipped in',
  '1.5 of the app; WHEN it opens nothing happens.',
  '',
  '### Current Behavior (Defect)',
  '',
  '1.1 WHEN the user taps the Month tab THEN the system throws',
  '`type \'String\' is not a subtype of type \'int\' of \'index\'` and the view fails to render.',
  '',
  '1.4 WHEN `CalendarStats.fromJson` processes a `daily_stats` or `subject_stats` list whose',
  'elements are `String` values rather than `Map<String, dynamic>` THEN the system throws',
  '`type \'String\' is not a subtype of type \'int\' of \'index\'`.',
  '',
  '### Expected Behavior (Correct)',
  '',
  '2.4 WHEN `CalendarStats.fromJson` processes a list whose elements are `String` values',
  'THEN the system SHALL skip them without throwing.',
  '',
].join('\n');

describe('forms of a forty-third round', () => {
  it('a Kiro bugfix clause wrapped before its THEN is a clause; a numbered line of prose whose paragraph says no THEN is none', () => {
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/fix/bugfix.md': BUGFIX, '.kiro/specs/fix/tasks.md': '- [ ] 1. Fix the parser\n  - _Requirements: 1.4, 2.4_\n' }));
    expect([...ws.nodes.values()].filter((n) => n.item !== undefined && n.path.endsWith('bugfix.md')).map((n) => [n.id, n.item!.line, n.title])).toEqual([
      ['fix/R1', 8, 'Current Behavior (Defect)'],
      ['fix/R1.1', 10, 'WHEN the user taps the Month tab THEN the system throws'],
      ['fix/R1.4', 13, 'WHEN `CalendarStats.fromJson` processes a `daily_stats` or `subject_stats` list whose'],
      ['fix/R2', 17, 'Expected Behavior (Correct)'],
      ['fix/R2.4', 19, 'WHEN `CalendarStats.fromJson` processes a list whose elements are `String` values'],
    ]);
    expect(ws.relationsOut.get('fix/T1')!.map((e) => e.id)).toEqual(['fix/R1.4', 'fix/R2.4']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
  });
});

/**
 * Forms a forty-third round of held-out repositories wrote (D-521):
 * - Markovnikov-Song/study-assistant-app (a Kiro bugfix spec), .kiro/specs/calendar-tab-type-error/bugfix.md:52:
 *   `1.4 WHEN \`CalendarStats.fromJson\` processes a \`daily_stats\` or \`subject_stats\` list whose` — the clause wrapped
 *   before its THEN, on the next line: six such clauses were not read, and the tasks citing them had 10 false LINK_BROKEN.
 * - Itaru-aso/DashBoard-and-Retrain, .kiro/specs/foundation/tasks.md:19: `- [x] **1. プロジェクト雛形・ツール設定**（F11 ツール）`,
 *   20 task titles with a stray `**`.
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
  'The crash was introduced in release',
  '2.1 of the app: the service',
  'SHALL retry but does not.',
  '',
  '> User report: after updating to',
  '1.5 WHEN I open the calendar with an empty',
  '> history THEN it crashes.',
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
  it('a Kiro bugfix clause wrapped before its THEN is a clause; numbered prose is none — its paragraph says no THEN, it opens with no WHEN, or a quote runs on over it (a review)', () => {
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/fix/bugfix.md': BUGFIX, '.kiro/specs/fix/tasks.md': '- [ ] 1. Fix the parser\n  - _Requirements: 1.4, 2.4_\n' }));
    expect([...ws.nodes.values()].filter((n) => n.item !== undefined && n.path.endsWith('bugfix.md')).map((n) => [n.id, n.item!.line, n.title])).toEqual([
      ['fix/R1', 16, 'Current Behavior (Defect)'],
      ['fix/R1.1', 18, 'WHEN the user taps the Month tab THEN the system throws'],
      ['fix/R1.4', 21, 'WHEN `CalendarStats.fromJson` processes a `daily_stats` or `subject_stats` list whose'],
      ['fix/R2', 25, 'Expected Behavior (Correct)'],
      ['fix/R2.4', 27, 'WHEN `CalendarStats.fromJson` processes a list whose elements are `String` values'],
    ]);
    expect(ws.relationsOut.get('fix/T1')!.map((e) => e.id)).toEqual(['fix/R1.4', 'fix/R2.4']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
  });

  it('a Kiro task whose bold closes after its title, before more words, has no stray `**` in its title', () => {
    const tasks = ['- [x] **1. プロジェクト雛形・ツール設定**（F11 ツール）', '  - テスト: `pytest` が収集できる', '- [ ] **2. 設定 `config.py`** (F1)', '- [ ] **3. Logging**', '- [ ] **4. Both** and **bold**', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/f/requirements.md': '# R\n', '.kiro/specs/f/tasks.md': tasks }));
    expect(['f/T1', 'f/T2', 'f/T3', 'f/T4'].map((id) => ws.nodes.get(id)!.title)).toEqual(['プロジェクト雛形・ツール設定（F11 ツール）', '設定 `config.py` (F1)', 'Logging', 'Both and **bold**']);
  });
});

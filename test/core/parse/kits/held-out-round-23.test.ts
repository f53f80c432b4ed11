/**
 * Forms a twenty-third round of public repositories wrote, judged by hand on 1a2fea0 before
 * anything was changed for them (124 reference findings, 8 false); each case is modelled on the
 * lines quoted, its items and references worked out by hand:
 * - nonnta-ww/bulr-app-mvp at 7f73de6: `_Depends: candidate-auth-onboarding task 3.1_` (.kiro/specs/
 *   resume-registration/tasks.md lines 15, 53): another feature's task, read as this file's 3.1 — a
 *   false LINK_CYCLE (since 0e1c9ec, when a word before a label word began to qualify it);
 * - Rickwen1126/notebooklm-controller at 5e426c9: tasks with a dash and letters, `- [x] T-HF02 …`
 *   (specs/001-mvp/tasks.md lines 254-285: 27 unread), a pointer line `- [x] T030.2~T030.6: Browser
 *   tools v2 擴充（見上方 Agent Tools 區）` (line 103: read as a second T030), and a heading's range glued
 *   at both ends, `### Planner Input Gate（Finding #47, FR-185~188）`;
 * - HIRO15254/sapphire at 2f5f151: a phase's `**Purpose**: Home screen with navigation and statistics
 *   summary (FR-085, FR-086)` (specs/001-poker-session-tracker/tasks.md line 446: 3 false
 *   COVERAGE_MISSING).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { numberList } from '../../../../src/core/parse/kits/number-list.js';
import { testdir } from '../../../helpers/testdir.js';

describe('forms of a twenty-third round', () => {
  it('`_Depends: candidate-auth-onboarding task 3.1_` names another feature’s task, none of this file', () => {
    expect(numberList('candidate-auth-onboarding task 3.1', Infinity, 'task').numbers).toEqual([]);
    expect(numberList('1.1, candidate-auth-onboarding task 3.1', Infinity, 'task').numbers).toEqual(['1.1']);
    expect(numberList('All tasks 1, 2', Infinity, 'task').numbers).toEqual(['1', '2']);
    const tasks = ['- [ ] 3. Schema', '  - [ ] 3.1 Resume table', '    - _Depends: candidate-auth-onboarding task 3.1_', '  - [ ] 3.2 Export', '    - _Depends: 3.1_', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/resume/tasks.md': tasks }));
    // That feature's task (D-539: a dependency names another feature's tasks by its folder's name), never this file's 3.1 (a cycle).
    expect(ws.nodes.get('resume/T3.1')!.dependsOn).toEqual(['candidate-auth-onboarding/T3.1']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_CYCLE')).toEqual([]);
  });

  it('Spec Kit: `T-HF02` is a task, a pointer `T030.2~T030.6: …` is none, `FR-185~188` in a heading is a range, `**Purpose**: … (FR-085)` maps its phase', () => {
    const spec = ['- **FR-085**: Home screen', '- **FR-185**: Gate a', '- **FR-186**: Gate b', '- **FR-187**: Gate c', '- **FR-188**: Gate d', ''].join('\n');
    const tasks = [
      '## Phase 9: Home', // 1
      '**Purpose**: Home screen with navigation and statistics summary (FR-085)', // 2
      '- [x] T030 Browser tools', // 3
      '- [x] T030.2~T030.6: Browser tools v2 擴充（見上方 Agent Tools 區）', // 4
      '### Planner Input Gate（Finding #47, FR-185~188）', // 5
      '- [x] T-HF02 **BUG (CRITICAL)**: waitForIdle() 等全部 queue', // 6
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-mvp/spec.md': spec, 'specs/001-mvp/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => n.id)).toEqual(['001-mvp/T030', '001-mvp/T-HF02']);
    expect(ws.relationsOut.get('001-mvp/T-HF02')).toEqual(['FR-085', 'FR-185', 'FR-186', 'FR-187', 'FR-188'].map((id) => ({ relation: 'implements', id: `001-mvp/${id}` })));
    expect(ws.diagnostics.filter((d) => ['ID_DUPLICATE', 'COVERAGE_MISSING', 'LINK_BROKEN'].includes(d.code))).toEqual([]);
  });
});

describe('a review of the twenty-third round’s change', () => {
  it('a `**Purpose**:` line maps only the ids it lists at its end, not those its prose names', () => {
    const tasks = ['## Phase 1: Setup', '', '**Purpose**: unblock FR-002 work in Phase 5', '', '- [ ] T001 Create project (FR-001)', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-a/spec.md': '- **FR-001**: a\n- **FR-002**: b\n', 'specs/001-a/tasks.md': tasks }));
    expect(ws.relationsOut.get('001-a/T001')).toEqual([{ relation: 'implements', id: '001-a/FR-001' }]);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING').map((d) => d.nodeId)).toEqual(['001-a/FR-002']);
  });

  it('a box whose ids are a range written with spaces is its first task (`T001 – T003 Setup scaffolding`)', () => {
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-a/spec.md': '- **FR-001**: a\n', 'specs/001-a/tasks.md': '- [ ] T001 – T003 Setup scaffolding (FR-001)\n- [ ] T004 Build thing depends on T001\n' }));
    expect(ws.relationsOut.get('001-a/T001')).toEqual([{ relation: 'implements', id: '001-a/FR-001' }]);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'COVERAGE_MISSING')).toEqual([]);
  });

  it('a qualifier of one hyphen or with digits still qualifies (`non-functional requirement 2.1`, `E2E task 5`, `cross-cutting requirement 2.1, 2.2`)', () => {
    expect(numberList('1.1, non-functional requirement 2.1').numbers).toEqual(['1.1', '2.1']);
    expect(numberList('cross-cutting requirement 2.1, 2.2').numbers).toEqual(['2.1', '2.2']);
    expect(numberList('follow-up task 4, E2E task 3, i18n task 2', Infinity, 'task').numbers).toEqual(['4', '3', '2']);
  });
});

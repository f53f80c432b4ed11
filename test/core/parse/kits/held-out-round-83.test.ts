/**
 * Forms an eighty-third round wrote (D-571, D-572), modelled on the lines quoted: astrosteveo/pulse at 57a7417 (Spec Kit),
 * specs/003-implement-an-install/tasks.md:24 `## Progress Update (2025-10-13)` over `- [X] T001 — Project structure created (…)` and 18
 * more, the tasks being `### T001: Create project structure [P]` further down (19 false ID_DUPLICATE); Kalpesh-Vala/prep-tracker at 432c62d (Spec Kit),
 * specs/004-weekly-review/tasks.md:138 `**Checkpoint**: Reviews are editable in place; edits touch only that week (SC-005, FR-005,
 * FR-012).` after each story phase's tasks (13 false COVERAGE_MISSING in 004 and 006, whose tasks cite FR ids themselves); in 002,
 * 003 and 005 no task cites an FR, and checkpoints naming a few must not hold every FR to coverage.
 */
import { describe, expect, it } from 'vitest';
import { buildReport, loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const SPEC = ['### User Story 1 - Record (Priority: P1)', '', '- **FR-001**: a', '- **FR-002**: b', '- **FR-003**: c', '', '- **SC-001**: s', ''].join('\n');
const missing = (tasks: string) => {
  const report = buildReport(loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/004-weekly/spec.md': SPEC, 'specs/004-weekly/tasks.md': tasks })));
  return [...report.errors, ...report.warnings].filter((f) => f.code === 'COVERAGE_MISSING').map((f) => f.nodeId);
};

describe('a phase\'s checkpoint line that ends with the requirements it delivers', () => {
  it('names them for the phase\'s tasks, under its sub-headings too, where tasks cite that kind themselves', () => {
    const tasks = [
      '# Tasks: Weekly Review',
      '',
      '## Phase 3: User Story 1 - Record a weekly review (Priority: P1)',
      '',
      '### Tests for User Story 1',
      '- [ ] T010 [US1] Test the form',
      '',
      '### Implementation for User Story 1',
      '- [ ] T011 [US1] Build the form (FR-001)',
      '',
      '**Checkpoint**: Reviews are editable in place; edits touch only that week (SC-001, FR-002, FR-003).',
      '',
    ].join('\n');
    expect(missing(tasks)).toEqual([]);
  });

  it('not where no task cites that kind itself: a checkpoint naming a few does not hold every requirement to coverage', () => {
    const tasks = ['## Phase 3: User Story 1 - Record', '', '- [ ] T010 [US1] Build the form', '', '**Checkpoint**: A day can be logged (FR-002).', ''].join('\n');
    expect(missing(tasks)).toEqual([]);
  });

  it('not ids its prose names, nor a checkpoint under the file\'s one title alone', () => {
    const prose = ['## Phase 3: User Story 1 - Record', '', '- [ ] T010 [US1] Build the form (FR-001)', '', '**Checkpoint**: FR-002 work can begin once this is done.', ''].join('\n');
    expect(missing(prose)).toEqual(['004-weekly/FR-002', '004-weekly/FR-003']);
    const titled = ['# Tasks', '', '- [ ] T010 [US1] Build the form (FR-001)', '', '**Checkpoint**: All done (FR-002, FR-003).', ''].join('\n');
    expect(missing(titled)).toEqual(['004-weekly/FR-002', '004-weekly/FR-003']);
  });
});

describe('a progress log before the task headings', () => {
  const speckit = (tasks: string) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/003-install/tasks.md': tasks }));
  it('ticks the headings, which are the tasks (no ID_DUPLICATE), in its own words (`- [X] T001 — Project structure created`)', () => {
    const tasks = [
      '## Progress Update (2025-10-13)', '', '- [X] T001 — Project structure created (scripts/, docs/install/)', '- [X] T002 — bats-core test framework configured', '',
      '### T001: Create project structure [P]', '', '**Story**: Setup', '', '### T002: Configure bats-core [US1]', '', '**Story**: US1', '', '### T003: Write the installer', '',
    ].join('\n');
    const ws = speckit(tasks);
    expect([...ws.ids].filter((id) => ws.nodes.get(id)!.type === 'task').map((id) => [id, ws.nodes.get(id)!.item!.line, ws.nodes.get(id)!.item!.box])).toEqual([
      ['003-install/T001', 6, 'x'], ['003-install/T002', 10, 'x'], ['003-install/T003', 14, ' '],
    ]);
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE')).toEqual([]);
  });

  it('a plain list before the detail headings stays the tasks, as before (ID_DUPLICATE: a review kept it so)', () => {
    const tasks = ['## Tasks', '', '- [x] T001 Create entry point', '', '### T001: Create Entry Point', '', 'Details.', ''].join('\n');
    expect(speckit(tasks).diagnostics.filter((d) => d.code === 'ID_DUPLICATE').length).toBe(1);
  });
});

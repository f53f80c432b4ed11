/**
 * A form an eighty-third round wrote (D-571), modelled on the lines quoted: Kalpesh-Vala/prep-tracker at 432c62d (Spec Kit),
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

/**
 * KITS §7, what a task's answers hold: a parent task's bundle holds its sub-tasks and what they
 * implement, verify or depend on (the parent is the sum of its parts), and a task's acceptance
 * criteria are the criteria it implements, each with its id. Expectations read off the files by hand.
 */
import { describe, expect, it } from 'vitest';
import { buildBundle, getAcceptanceCriteria, loadWorkspace } from '../../../src/core/index.js';
import { testdir } from '../../helpers/testdir.js';

function feature(): string {
  return testdir({
    'docugraph.yml': 'kits: [kiro]\n',
    '.kiro/specs/x/requirements.md': '### Requirement 1\n#### Acceptance Criteria\n1. A\n2. B\n### Requirement 2\n#### Acceptance Criteria\n1. C\n2. D\n',
    '.kiro/specs/x/design.md': '# Design\n\nText.\n',
    '.kiro/specs/x/tasks.md': [
      '- [ ] 1. Set up', // 1
      '- [ ] 2. Build it', // 2
      '  - [ ] 2.1 First part', // 3
      '    - _Requirements: 1.1_', // 4
      '  - [ ] 2.2 Second part', // 5
      '    - _Requirements: 1.2, 2_', // 6
      '    - _Depends: 1_', // 7
      '',
    ].join('\n'),
  });
}

describe("a parent task's bundle (KITS §7)", () => {
  it('holds its sub-tasks, each as a part of it, and what they implement and depend on', () => {
    const bundle = buildBundle(loadWorkspace(feature()), { taskId: 'x/T2' });
    const report = bundle.slice(bundle.indexOf('## Inclusion report'), bundle.indexOf('## Documents')).trim().split('\n').slice(1);
    expect(report).toEqual([
      '- `x/T2` depth=0: requested task',
      '- `x/T2.1` depth=1: part of `x/T2`',
      '- `x/T2.2` depth=1: part of `x/T2`',
      '- `x/design` depth=1: required by `x/T2`',
      '- `x/R1.1` depth=2: implemented by `x/T2.1`',
      '- `x/R1.2` depth=2: implemented by `x/T2.2`',
      '- `x/R2` depth=2: implemented by `x/T2.2`',
      '- `x/T1` depth=2: required by `x/T2.2`',
      '- `x/R1` depth=3: refined by `x/R1.1`, `x/R1.2`',
    ]);
    // A sub-task's bundle holds its parent, not its sibling.
    const sub = buildBundle(loadWorkspace(feature()), { taskId: 'x/T2.1' });
    expect(sub).toContain('- `x/T2` depth=1: refined by `x/T2.1`');
    expect(sub).not.toContain('x/T2.2');
  });
});

describe("a task's acceptance criteria (KITS §7)", () => {
  it('are the criteria it implements, each with its id and line: named ones, and every criterion of a requirement implemented whole', () => {
    const answer = getAcceptanceCriteria(loadWorkspace(feature()), 'x/T2.2');
    expect(answer.source).toBe('items');
    expect(answer.criteria).toEqual([
      { text: 'B', done: null, line: 4, id: 'x/R1.2' },
      { text: 'C', done: null, line: 7, id: 'x/R2.1' },
      { text: 'D', done: null, line: 8, id: 'x/R2.2' },
    ]);
    // A task that implements nothing: its own lines, as before.
    expect(getAcceptanceCriteria(loadWorkspace(feature()), 'x/T1').source).toBe('none');
  });
});

/**
 * `tasks --format text`: the table's layout, neutralised cells, and widths found without
 * spreading rows into `Math.max` (which overflowed the stack at about 200k documents).
 */
import { describe, expect, it } from 'vitest';
import type { TaskSummary } from '../../src/core/index.js';
import { renderReadyTable, renderTaskTable } from '../../src/cli/render/task-table.js';

const task = (id: string, title: string, type: string | null = 'task', status: string | null = 'todo'): TaskSummary => ({
  id,
  title,
  type,
  status,
  path: `${id}.md`,
  dependsOn: [],
  state: 'ready',
  blockedBy: [],
  unblocks: 0,
});

describe('renderTaskTable', () => {
  it('pads ID, TYPE and STATUS to their widest cell; `-` for a missing type or status', () => {
    expect(renderTaskTable([task('BE-02', 'Endpoint'), task('X', 'Other', null, 'in-progress')])).toBe(
      ['ID     TYPE  STATUS       STATE  TITLE', 'BE-02  task  todo         ready  Endpoint', 'X      -     in-progress  ready  Other', ''].join('\n'),
    );
    expect(renderTaskTable([])).toBe('ID  TYPE  STATUS  STATE  TITLE\n');
  });

  it('shows controls visibly and pads by the visible width', () => {
    const table = renderTaskTable([task('A', 'T\x1b[2J\n::error::x\u202e', 'ty\x07pe', 'st\u009b')]).split('\n');
    expect(table).toEqual(['ID  TYPE      STATUS  STATE  TITLE', 'A   ty\\x07pe  st\\x9b  ready  T\\x1b[2J\\n::error::x\\u{202e}', '']);
  });

  it('an id cannot start a `::` workflow command', () => {
    expect(renderTaskTable([task('::error::x', 't')]).split('\n')[1]).toMatch(/^\\x3a:error::x {2}task/);
  });

  it('lists 200 000 documents (no argument spreading), the widest cell setting each width', () => {
    const tasks: TaskSummary[] = [];
    for (let i = 0; i < 200_000; i += 1) tasks.push(task(`T-${i}`, `title ${i}`));
    tasks.push(task('LONGEST-ID-OF-ALL', 'last', 'decision', 'superseded'));
    const lines = renderTaskTable(tasks).split('\n');
    expect(lines).toHaveLength(200_003);
    expect(lines[0]).toBe('ID                 TYPE      STATUS      STATE  TITLE');
    expect(lines[1]).toBe('T-0                task      todo        ready  title 0');
    expect(lines[200_001]).toBe('LONGEST-ID-OF-ALL  decision  superseded  ready  last');
  });

  it('BLOCKED BY, before TITLE, when some row is blocked: three blockers at most, ids neutralised', () => {
    const blocked: TaskSummary = {
      ...task('BE-03', 'List'),
      state: 'blocked',
      blockedBy: [{ id: 'A', state: 'ready' }, { id: 'B\x1b', state: 'missing' }, { id: 'C', state: 'cycle' }, { id: 'D', state: 'dropped' }],
    };
    expect(renderTaskTable([task('BE-02', 'Endpoint'), blocked]).split('\n')).toEqual([
      `ID     TYPE  STATUS  STATE    ${'BLOCKED BY'.padEnd(45)}  TITLE`,
      `BE-02  task  todo    ready    ${'-'.padEnd(45)}  Endpoint`,
      'BE-03  task  todo    blocked  A (ready), B\\x1b (missing), C (cycle) +1 more  List',
      '',
    ]);
  });

  it('ready: ID, UNBLOCKS, TITLE in the order given', () => {
    expect(renderReadyTable([{ ...task('BE-02', 'Endpoint'), unblocks: 3 }, task('OPS-01', 'CI')])).toBe('ID      UNBLOCKS  TITLE\nBE-02   3         Endpoint\nOPS-01  0         CI\n');
  });
});

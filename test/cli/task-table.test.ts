/**
 * `tasks --format text`: the table's layout, neutralised cells, and widths found without
 * spreading rows into `Math.max` (which overflowed the stack at about 200k documents).
 */
import { describe, expect, it } from 'vitest';
import type { TaskSummary } from '../../src/core/index.js';
import { renderTaskTable } from '../../src/cli/render/task-table.js';

const task = (id: string, title: string, type: string | null = 'task', status: string | null = 'todo'): TaskSummary => ({
  id,
  title,
  type,
  status,
  path: `${id}.md`,
  dependsOn: [],
});

describe('renderTaskTable', () => {
  it('pads ID, TYPE and STATUS to their widest cell; `-` for a missing type or status', () => {
    expect(renderTaskTable([task('BE-02', 'Endpoint'), task('X', 'Other', null, 'in-progress')])).toBe(
      ['ID     TYPE  STATUS       TITLE', 'BE-02  task  todo         Endpoint', 'X      -     in-progress  Other', ''].join('\n'),
    );
    expect(renderTaskTable([])).toBe('ID  TYPE  STATUS  TITLE\n');
  });

  it('shows controls visibly and pads by the visible width', () => {
    const table = renderTaskTable([task('A', 'T\x1b[2J\n::error::x\u202e', 'ty\x07pe', 'st\u009b')]).split('\n');
    expect(table).toEqual(['ID  TYPE      STATUS  TITLE', 'A   ty\\x07pe  st\\x9b  T\\x1b[2J\\n::error::x\\u{202e}', '']);
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
    expect(lines[0]).toBe('ID                 TYPE      STATUS      TITLE');
    expect(lines[1]).toBe('T-0                task      todo        title 0');
    expect(lines[200_001]).toBe('LONGEST-ID-OF-ALL  decision  superseded  last');
  });
});

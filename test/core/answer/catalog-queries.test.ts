/**
 * The CATALOG queries as core stages: list, acceptance criteria, impact, graph selection,
 * completion.
 */
import { describe, expect, it } from 'vitest';
import {
  analyzeImpact,
  completeIds,
  getAcceptanceCriteria,
  listTasks,
  loadWorkspace,
  selectGraph,
  TaskNotFoundError,
} from '../../../src/core/index.js';
import { doc, testdir } from '../../helpers/testdir.js';

// A → B → D, A → C → D, D → E; F → A; G ↔ H (a cycle) → E; I stands alone; X depends on a missing id.
const graph = () =>
  loadWorkspace(
    testdir({
      'a.md': doc({ id: 'A', title: 'Alpha task', type: 'task', status: 'todo', depends_on: ['C', 'B'] }),
      'b.md': doc({ id: 'B', title: 'Beta', type: 'spec', status: 'approved', depends_on: ['D'] }),
      'c.md': doc({ id: 'C', title: 'Gamma', type: 'decision', depends_on: ['D'] }),
      'd.md': doc({ id: 'D', title: 'Delta', type: 'spec', depends_on: ['E'] }),
      'e.md': doc({ id: 'E', title: 'Epsilon' }),
      'f.md': doc({ id: 'F', title: 'Phi task', type: 'task', status: 'done', depends_on: ['A'] }),
      'g.md': doc({ id: 'G', title: 'G', depends_on: ['H', 'E'] }),
      'h.md': doc({ id: 'H', title: 'H', depends_on: ['G'] }),
      'i.md': doc({ id: 'I', title: 'Iota' }),
      'x.md': doc({ id: 'X', title: 'X', type: 'task', depends_on: ['MISSING', 'A'] }),
    }),
  );

describe('listTasks', () => {
  it('lists every document sorted by id, with sorted dependsOn and null type/status', () => {
    const { tasks } = listTasks(graph());
    expect(tasks.map((t) => t.id)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'X']);
    // C has no status (untracked) and B is approved (done): A is ready; F (done) and X (untracked) depend on it.
    expect(tasks[0]).toEqual({ id: 'A', title: 'Alpha task', type: 'task', status: 'todo', path: 'a.md', dependsOn: ['B', 'C'], state: 'ready', blockedBy: [], unblocks: 0 });
    expect(tasks.find((t) => t.id === 'E')).toMatchObject({ type: null, status: null, dependsOn: [] });
    expect(tasks.find((t) => t.id === 'X')?.dependsOn).toEqual(['A', 'MISSING']);
  });

  it('filters by exact type and status and by case-insensitive text in id or title', () => {
    const ws = graph();
    expect(listTasks(ws, { type: 'task' }).tasks.map((t) => t.id)).toEqual(['A', 'F', 'X']);
    expect(listTasks(ws, { type: 'Task' }).tasks).toEqual([]);
    expect(listTasks(ws, { type: 'task', status: 'done' }).tasks.map((t) => t.id)).toEqual(['F']);
    expect(listTasks(ws, { query: 'TASK' }).tasks.map((t) => t.id)).toEqual(['A', 'F']);
    expect(listTasks(ws, { query: 'x' }).tasks.map((t) => t.id)).toEqual(['X']);
  });
});

describe('getAcceptanceCriteria', () => {
  const ws = () =>
    loadWorkspace(
      testdir({
        'heading.md': doc(
          { id: 'T1', title: 'T1' },
          [
            '# T1',
            '',
            '- not a criterion',
            '',
            '## Acceptance Criteria',
            '',
            '- [ ] Returns `201`',
            '  with a header.',
            '  - [x] nested check',
            '- [X] Done one',
            '* plain item',
            '',
            '### Details',
            '',
            '1. ordered item',
            '',
            '## Notes',
            '',
            '- after the section',
            '',
            '## Acceptance criteria',
            '',
            '- a second section is ignored',
          ].join('\n'),
        ),
        'spanish.md': doc({ id: 'T2', title: 'T2' }, '## Criterios de aceptación\n\n- [ ] uno\n'),
        'dod.md': doc({ id: 'T3', title: 'T3' }, '### definition of DONE\n- [x] shipped\n## Next\n- no\n'),
        'front.md': '---\nid: T4\ntitle: T4\nacceptance_criteria:\n  - "[x] first"\n  - second\n  - 3\n---\nBody without a section.\n',
        'none.md': doc({ id: 'T5', title: 'T5' }, 'Nothing here.\n'),
        'both.md': '---\nid: T6\ntitle: T6\nacceptance_criteria: [from frontmatter]\n---\n## Acceptance criteria\n- from heading\n',
      }),
    );

  it('takes the list items under the first matching heading, to the next heading of the same or higher level', () => {
    const result = getAcceptanceCriteria(ws(), 'T1');
    expect(result).toEqual({
      taskId: 'T1',
      title: 'T1',
      path: 'heading.md',
      source: 'heading',
      criteria: [
        { text: 'Returns `201` with a header.', done: false, line: 11 },
        { text: 'nested check', done: true, line: 13 },
        { text: 'Done one', done: true, line: 14 },
        { text: 'plain item', done: null, line: 15 },
        { text: 'ordered item', done: null, line: 19 },
      ],
    });
  });

  it('knows the Spanish heading and "Definition of done", ignoring case', () => {
    expect(getAcceptanceCriteria(ws(), 'T2').criteria).toEqual([{ text: 'uno', done: false, line: 7 }]);
    expect(getAcceptanceCriteria(ws(), 'T3').criteria).toEqual([{ text: 'shipped', done: true, line: 6 }]);
  });

  it('falls back to the frontmatter list of strings, then to none; the heading wins over the frontmatter', () => {
    expect(getAcceptanceCriteria(ws(), 'T4')).toMatchObject({
      source: 'frontmatter',
      criteria: [
        { text: 'first', done: true, line: 5 },
        { text: 'second', done: null, line: 6 },
      ],
    });
    expect(getAcceptanceCriteria(ws(), 'T5')).toMatchObject({ source: 'none', criteria: [] });
    expect(getAcceptanceCriteria(ws(), 'T6')).toMatchObject({ source: 'heading', criteria: [{ text: 'from heading' }] });
  });

  it('TASK_NOT_FOUND for an unknown id', () => {
    expect(() => getAcceptanceCriteria(ws(), 't1')).toThrow(TaskNotFoundError);
  });
});

describe('analyzeImpact', () => {
  it('walks downstream with shortest depths and `via` one level closer', () => {
    expect(analyzeImpact(graph(), 'D')).toEqual({
      nodeId: 'D',
      impacted: [
        { id: 'B', title: 'Beta', path: 'b.md', depth: 1, via: ['D'], relations: ['depends_on'] },
        { id: 'C', title: 'Gamma', path: 'c.md', depth: 1, via: ['D'], relations: ['depends_on'] },
        { id: 'A', title: 'Alpha task', path: 'a.md', depth: 2, via: ['B', 'C'], relations: ['depends_on'] },
        { id: 'F', title: 'Phi task', path: 'f.md', depth: 3, via: ['A'], relations: ['depends_on'] },
        { id: 'X', title: 'X', path: 'x.md', depth: 3, via: ['A'], relations: ['depends_on'] },
      ],
      truncated: false,
    });
  });

  it('cuts at maxDepth and says so', () => {
    const result = analyzeImpact(graph(), 'D', 2);
    expect(result.impacted.map((i) => i.id)).toEqual(['B', 'C', 'A']);
    expect(result.truncated).toBe(true);
    expect(analyzeImpact(graph(), 'D', 3).truncated).toBe(false);
    expect(analyzeImpact(graph(), 'D', 0)).toMatchObject({ impacted: [], truncated: true });
  });

  it('tolerates cycles and never lists the node itself', () => {
    const result = analyzeImpact(graph(), 'E');
    expect(result.impacted.map((i) => [i.id, i.depth, i.via])).toEqual([
      ['D', 1, ['E']],
      ['G', 1, ['E']],
      ['B', 2, ['D']],
      ['C', 2, ['D']],
      ['H', 2, ['G']],
      ['A', 3, ['B', 'C']],
      ['F', 4, ['A']],
      ['X', 4, ['A']],
    ]);
    expect(analyzeImpact(graph(), 'G').impacted.map((i) => i.id)).toEqual(['H']);
  });

  it('TASK_NOT_FOUND for an unknown id', () => {
    expect(() => analyzeImpact(graph(), 'Z')).toThrow(TaskNotFoundError);
  });
});

describe('selectGraph', () => {
  it('whole workspace: every node and every edge, sorted', () => {
    const view = selectGraph(graph());
    expect(view.nodes).toHaveLength(10);
    expect(view.edges).toEqual([
      { from: 'A', to: 'B', relation: 'depends_on' },
      { from: 'A', to: 'C', relation: 'depends_on' },
      { from: 'B', to: 'D', relation: 'depends_on' },
      { from: 'C', to: 'D', relation: 'depends_on' },
      { from: 'D', to: 'E', relation: 'depends_on' },
      { from: 'F', to: 'A', relation: 'depends_on' },
      { from: 'G', to: 'E', relation: 'depends_on' },
      { from: 'G', to: 'H', relation: 'depends_on' },
      { from: 'H', to: 'G', relation: 'depends_on' },
      { from: 'X', to: 'A', relation: 'depends_on' },
    ]);
    expect(view.truncated).toBe(false);
    expect(view.nodes[0]).toEqual({ id: 'A', title: 'Alpha task', type: 'task', status: 'todo', path: 'a.md' });
  });

  it('from a root: upstream (default), downstream, both; edges among the selected nodes only', () => {
    const ws = graph();
    const ids = (options: Parameters<typeof selectGraph>[1]) => selectGraph(ws, options).nodes.map((n) => n.id);
    expect(ids({ rootId: 'A' })).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(ids({ rootId: 'A', direction: 'downstream' })).toEqual(['A', 'F', 'X']);
    expect(ids({ rootId: 'A', direction: 'both' })).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'X']);
    expect(selectGraph(ws, { rootId: 'B', direction: 'both' }).edges).toEqual([
      { from: 'A', to: 'B', relation: 'depends_on' },
      { from: 'B', to: 'D', relation: 'depends_on' },
      { from: 'D', to: 'E', relation: 'depends_on' },
      { from: 'F', to: 'A', relation: 'depends_on' },
      { from: 'X', to: 'A', relation: 'depends_on' },
    ]);
  });

  it('cuts at maxDepth and reports truncation', () => {
    const ws = graph();
    expect(selectGraph(ws, { rootId: 'A', maxDepth: 1 })).toMatchObject({ truncated: true, nodes: [{ id: 'A' }, { id: 'B' }, { id: 'C' }] });
    expect(selectGraph(ws, { rootId: 'A', maxDepth: 3 }).truncated).toBe(false);
    expect(selectGraph(ws, { rootId: 'G' }).nodes.map((n) => n.id)).toEqual(['E', 'G', 'H']);
    expect(() => selectGraph(ws, { rootId: 'nope' })).toThrow(TaskNotFoundError);
  });
});

describe('completeIds', () => {
  it('prefix match, sorted, case-sensitive first, at most 100', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 150; i += 1) files[`t${i}.md`] = doc({ id: `T-${String(i).padStart(3, '0')}`, title: 't' });
    files['low.md'] = doc({ id: 't-lower', title: 't' });
    const ws = loadWorkspace(testdir(files));
    const all = completeIds(ws, 'T-');
    expect(all).toHaveLength(100);
    expect(all[0]).toBe('T-000');
    expect(all[99]).toBe('T-099');
    expect(completeIds(ws, 'T-14')).toEqual(['T-140', 'T-141', 'T-142', 'T-143', 'T-144', 'T-145', 'T-146', 'T-147', 'T-148', 'T-149']);
    expect(completeIds(ws, 't-')).toEqual(['t-lower']);
    expect(completeIds(ws, 't-14')).toHaveLength(10);
    expect(completeIds(ws, 'zzz')).toEqual([]);
  });
});

/**
 * A kit file's items written by column in the on-disk index (src/core/store/index-items.ts) are
 * made again as the very objects the kit reader made: same fields, same order, same values —
 * on every kit fixture. An item of another shape is left to records; numbers out of range are
 * no items at all.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../src/core/live/load-workspace.js';
import { columnItems, itemColumnsWriter } from '../../../src/core/store/index-items.js';
import type { DocNode } from '../../../src/core/shared/types.js';
import { expectEqual } from '../../helpers/many-checks.js';
import { FIXTURES } from '../../helpers/paths.js';
import { testdir } from '../../helpers/testdir.js';

/** The kit items of a fixture, by file, in file order (as a file's analysis holds them). */
function itemsByFile(root: string): Map<string, DocNode[]> {
  const out = new Map<string, DocNode[]>();
  for (const node of loadWorkspace(root).nodes.values()) {
    if (node.item === undefined) continue;
    (out.get(node.path) ?? out.set(node.path, []).get(node.path)!).push(node);
  }
  for (const list of out.values()) list.sort((a, b) => a.item!.line - b.item!.line);
  return out;
}

/** Every key of `value`, in order, down its objects and arrays (what `toEqual` does not compare). */
function keyOrder(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(keyOrder).join(',')}]`;
  if (typeof value !== 'object' || value === null) return '';
  return `{${Object.entries(value).map(([k, v]) => `${k}${keyOrder(v)}`).join(',')}}`;
}

function words(): { word: (value: string | null) => number | null; list: string[] } {
  const list: string[] = [];
  return { list, word: (value) => (value === null ? null : list.includes(value) ? list.indexOf(value) : list.push(value) - 1) };
}

describe('kit items by column in the index', () => {
  it('are made again as the reader made them, field for field and in its order, on every kit fixture', () => {
    let count = 0;
    for (const name of readdirSync(join(FIXTURES, 'kits'))) {
      const { word, list } = words();
      const writer = itemColumnsWriter(word);
      const runs: [string, DocNode[], readonly [number, number]][] = [];
      for (const [path, items] of itemsByFile(join(FIXTURES, 'kits', name))) {
        const run = writer.add(items, items[0]!.item!.source.text, path);
        expect(run, `${name} ${path}`).not.toBeNull();
        runs.push([path, items, run!]);
      }
      const columns = writer.done();
      for (const [path, items, [start, size]] of runs) {
        const source = { text: items[0]!.item!.source.text };
        const made = columnItems(columns, start, size, list, path, source)!;
        expectEqual(made, items, `${name} ${path}`);
        expect(keyOrder(made), `${name} ${path}`).toBe(keyOrder(items));
        // One source object for the file's items.
        expect(new Set(made.map((item) => item.item!.source)).size).toBe(1);
        count += made.length;
      }
    }
    expect(count).toBeGreaterThan(500);
  });

  it('leaves a file to records when an item has another shape, and makes nothing of numbers out of range', () => {
    const text = '# Tasks\n\n- [ ] 1. Build it\n';
    const source = { text };
    const item = { id: 'a/T1', title: 'Build it', type: 'task', status: 'todo', path: 't.md', dependsOn: [], dependsOnLines: [], text: '- [ ] 1. Build it', bodyLine: 3, body: '- [ ] 1. Build it', item: { line: 3, end: 3, file: 'a/tasks', box: ' ' as const, context: [], source } };
    const { word, list } = words();
    const writer = itemColumnsWriter(word);
    expect(writer.add([{ ...item, extra: 1 } as DocNode], text, 't.md')).toBeNull();
    expect(writer.add([{ ...item, path: 'other.md' }], text, 't.md')).toBeNull();
    expect(writer.add([{ ...item, text: 'not in the file' }], text, 't.md')).toBeNull();
    expect(writer.add([item], text, 't.md')).toEqual([0, 1]);
    // A kit file without items (a proposal): a run of none, at the end of the columns.
    expect(writer.add([], text, 'p.md')).toEqual([1, 0]);
    const columns = writer.done();
    expect(columnItems(columns, 0, 1, list, 't.md', source)).toEqual([item]);
    expect(columnItems(columns, 1, 0, list, 'p.md', source)).toEqual([]);
    expect(columnItems(columns, 0, 2, list, 't.md', source)).toBeUndefined();
    expect(columnItems(columns, 2, 0, list, 'p.md', source)).toBeUndefined();
    expect(columnItems(columns, -1, 1, list, 't.md', source)).toBeUndefined();
    expect(columnItems(columns, 0, 1, list, 't.md', { text: 'short' })).toBeUndefined();
    expect(columnItems(columns, 0, 1, [], 't.md', source)).toBeUndefined();
  });

  it('make a dropped task (`[SKIP]`, D-542) again with its box', () => {
    const root = testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-a/spec.md': '# Feature Specification: A\n', 'specs/001-a/tasks.md': '# Tasks\n\n- [SKIP] T001 Push the branch\n- [x] T002 Lint\n' });
    const [path, items] = [...itemsByFile(root)].find(([, list]) => list.some((item) => item.type === 'task'))!;
    expect(items!.map((item) => item.item!.box)).toEqual(['dropped', 'x']);
    const { word, list } = words();
    const writer = itemColumnsWriter(word);
    const run = writer.add(items!, items![0]!.item!.source.text, path!)!;
    const made = columnItems(writer.done(), run[0], run[1], list, path!, { text: items![0]!.item!.source.text })!;
    expectEqual(made, items!, path!);
  });
});

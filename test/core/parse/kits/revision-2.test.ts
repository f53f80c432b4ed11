/**
 * KITS revision 2 (§7): the forms people write, each on a small file whose items, lines and
 * references are written out by hand below (the shapes come from public repositories; the
 * fixtures in test/fixtures/kits name them).
 */
import { describe, expect, it } from 'vitest';
import { readKitFile } from '../../../../src/core/parse/kits/read-kit.js';
import { numberList } from '../../../../src/core/parse/kits/kit-read.js';
import { kitPlaceOf, type KitPlace } from '../../../../src/core/read/kit-paths.js';

const place = (path: string): KitPlace => kitPlaceOf(path, ['kiro', 'speckit', 'openspec'])!;
/** Each item as `id type "title" line-end [box]`, and its references as `relation id @line (written)`. */
const read = (path: string, text: string) => {
  const { read: found } = readKitFile(text, 1, place(path));
  return {
    items: found.items.map((i) => `${i.id} ${i.type} "${i.title}" ${i.line}-${i.end}${i.box === null ? '' : ` [${i.box}]`}`),
    refs: found.items.flatMap((i) => i.refs.filter((r) => r.relation !== 'refines').map((r) => `${i.id} ${r.relation} ${r.id} @${r.line} (${r.written})`)),
    parents: found.items.flatMap((i) => i.refs.filter((r) => r.relation === 'refines').map((r) => `${i.id} < ${r.id}`)),
  };
};

describe('Kiro tasks as people number them', () => {
  it('a letter in a number (10a., 10a.1), any depth, an optional mark escaped by a formatter', () => {
    const text = [
      '- [x] 10. Ten', // 1
      '- [ ] 10a. Inserted later', // 2
      '  - [ ] 10a.1 Its first part', // 3
      '- [ ]\\* 11. Optional, escaped', // 4
      '  - [ ]\\* 11.1 Also optional', // 5
      '  - [ ] 11.1.1 Three deep', // 6
      '- [ ]* 12. Optional', // 7
    ].join('\n');
    expect(read('.kiro/specs/x/tasks.md', text)).toEqual({
      items: [
        'x/T10 task "Ten" 1-1 [x]',
        'x/T10a task "Inserted later" 2-2 [ ]',
        'x/T10a.1 task "Its first part" 3-3 [ ]',
        'x/T11 task "Optional, escaped" 4-4 [ ]',
        'x/T11.1 task "Also optional" 5-5 [ ]',
        'x/T11.1.1 task "Three deep" 6-6 [ ]',
        'x/T12 task "Optional" 7-7 [ ]',
      ],
      refs: [],
      parents: ['x/T10a.1 < x/T10a', 'x/T11.1 < x/T11', 'x/T11.1.1 < x/T11'],
    });
  });
});

describe('Kiro references as people mean them', () => {
  it.each([
    ['plain numbers, a bare requirement, R-prefixed', '1.1, 2.3, 4, R5.2', ['1.1', '2.3', '4', '5.2']],
    ['a range, and one across requirements (its two ends)', '1.1–1.3, 2.4-3.1', ['1.1', '1.2', '1.3', '2.4', '3.1']],
    ['a number glued to letters or a dash is none', 'US-011, R-3, v2.1, 1.2', ['1.2']],
    ['a number after a word of prose is none', 'Property 13, Task 0, 2.1', ['2.1']],
    ['prose in parentheses is none', '1.1 (descope record), 1.2 (Property 13)', ['1.1', '1.2']],
    ['criteria listed after their requirement', '3 (ACs 1–3, 8), 4 (criteria 1-2)', ['3.1', '3.2', '3.3', '3.8', '4.1', '4.2']],
    ['slash lists', '15.1/15.3, 16.2 / 16.4', ['15.1', '15.3', '16.2', '16.4']],
    ['labels and prose', 'Requirements 1.2 and 1.3; All frontend requirements', ['1.2', '1.3']],
  ])('requirements: %s', (_name, list, numbers) => {
    expect(numberList(list).numbers).toEqual(numbers);
  });

  it('task lists take a letter, and none of `None`, `-`, `n/a`', () => {
    expect(numberList('4.1, 10a, T2.2, task 3', Infinity, 'task').numbers).toEqual(['4.1', '10a', '2.2', '3']);
    for (const none of ['None', '-', 'n/a', 'none yet']) expect(numberList(none, Infinity, 'task').numbers, none).toEqual([]);
  });

  it('a reference quotes its source as written: the label and its value, on the line it is on', () => {
    const text = [
      '- [ ] 1. One', // 1
      '  - _Requirements: 16.2–16.3, US-011_', // 2
      '  - **Validates: Requirements 1.2 (Property 13)**', // 3
      '  - _Depends: 10a_', // 4
      '  - _Requirements: 2.1,', // 5
      '    2.2_', // 6
    ].join('\n');
    expect(read('.kiro/specs/x/tasks.md', text).refs).toEqual([
      'x/T1 implements x/R16.2 @2 (_Requirements: 16.2–16.3, US-011_)',
      'x/T1 implements x/R16.3 @2 (_Requirements: 16.2–16.3, US-011_)',
      'x/T1 implements x/R2.1 @5 (_Requirements: 2.1,)',
      'x/T1 implements x/R2.2 @6 (2.2_)',
      'x/T1 depends_on x/T10a @4 (_Depends: 10a_)',
      'x/T1 verifies x/R1.2 @3 (**Validates: Requirements 1.2 (Property 13)**)',
    ]);
  });
});

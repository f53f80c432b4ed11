/**
 * Findings by column in the on-disk index (src/core/store/index-findings.ts): a list written and
 * read back is the list, key for key and in order, with its paths and ids shared with the
 * index's files where they are a file's path and its node's id; a list of another shape is
 * written as it is; columns it did not write are `null`, never an exception.
 */
import { describe, expect, it } from 'vitest';
import { readFindings, writeFindings, type FindingColumns } from '../../../src/core/store/index-findings.js';
import type { Diagnostic } from '../../../src/core/shared/types.js';

const files = ['docs/a.md', 'docs/b.md', 'docs/plain.md'];
const nodeIds = ['A', 'B', null];
const fileAt = (path: string) => {
  const at = files.indexOf(path);
  return at === -1 ? undefined : at;
};

const findings: Diagnostic[] = [
  { code: 'STATUS_INCONSISTENT', message: 'A is done, B is not', nodeId: 'A', path: 'docs/a.md', line: 4 },
  { code: 'DEPENDS_ON_DROPPED', message: 'B depends on a dropped node', nodeId: 'B', path: 'docs/b.md', line: null },
  // A path that is no file of the index, an id that is not its file's node's, a file without a node.
  { code: 'LINK_BROKEN', message: 'elsewhere', nodeId: 'X', path: 'gone.md', line: 1 },
  { code: 'LINK_BROKEN', message: 'another id', nodeId: 'Z', path: 'docs/a.md', line: 2 },
  { code: 'LINK_BROKEN', message: 'no node', nodeId: null, path: 'docs/plain.md', line: 3 },
];

describe('findings by column', () => {
  it('reads back what it wrote, key for key', () => {
    const written = writeFindings(findings, fileAt, (i) => nodeIds[i]!);
    expect(Array.isArray(written)).toBe(false);
    const read = readFindings(written, (i) => files[i], (i) => nodeIds[i]);
    expect(JSON.stringify(read)).toBe(JSON.stringify(findings));
    // Only what no file holds is written as a string.
    expect((written as FindingColumns).strings).toEqual(['gone.md', 'X', 'Z']);
  });

  it('writes a list of another shape (other keys, another order) as it is', () => {
    const reordered = [{ message: 'm', code: 'LINK_BROKEN', nodeId: null, path: 'docs/a.md', line: 1 }] as unknown as Diagnostic[];
    expect(writeFindings(reordered, fileAt, () => null)).toBe(reordered);
    const more = [{ ...findings[0]!, extra: 1 }] as unknown as Diagnostic[];
    expect(writeFindings(more, fileAt, () => null)).toBe(more);
  });

  it('refuses columns it did not write', () => {
    const good = writeFindings(findings, fileAt, (i) => nodeIds[i]!) as FindingColumns;
    const read = (value: unknown) => readFindings(value, (i) => files[i], (i) => nodeIds[i]);
    expect(read(null)).toBeNull();
    expect(read({ ...good, numbers: new Float64Array(3) })).toBeNull();
    expect(read({ ...good, messages: [1, 2, 3, 4, 5] })).toBeNull();
    const bad = (at: number, value: number) => {
      const numbers = Float64Array.from(good.numbers);
      numbers[at] = value;
      return read({ ...good, numbers });
    };
    expect(bad(0, 7)).toBeNull(); // no such code
    expect(bad(2, 9)).toBeNull(); // no such file
    expect(bad(2, -9)).toBeNull(); // no such string
    expect(bad(2, 0.5)).toBeNull();
    expect(bad(4 * 4 + 3, -1)).toBeNull(); // the node of a file that has none
    expect(bad(3, 99)).toBeNull();
  });
});

/**
 * Code-unit order (src/core/shared/sort.ts): `sortStrings` gives what `sort()` gives, whether
 * its input is in order already (then only checked) or not, never `localeCompare`'s order.
 */
import { describe, expect, it } from 'vitest';
import { compareStrings, sortStrings } from '../../../src/core/shared/sort.js';
import { Rng } from '../../helpers/prng.js';

describe('sortStrings', () => {
  it('orders by UTF-16 code units, in order already or not, duplicates kept', () => {
    // An astral character (a surrogate pair, 0xd83d…) sorts before U+FFFF by code units; upper case before lower; `-` before `/`.
    const sorted = ['A', 'B', 'a', 'a', 'a-b.md', 'a/z.md', 'é', '\ud83d\ude00', '\uffff'];
    expect(sortStrings(sorted)).toEqual(sorted);
    expect(sortStrings([...sorted].reverse())).toEqual(sorted);
    expect(sortStrings(new Set(['b', 'a']))).toEqual(['a', 'b']);
    expect(sortStrings([])).toEqual([]);
    // A copy, never the input itself.
    const input = ['a', 'b'];
    expect(sortStrings(input)).not.toBe(input);
    expect([...sorted].sort(compareStrings)).toEqual(sorted);
  });

  it('gives what sort() gives on random lists, nearly sorted ones too (seeded)', () => {
    const rng = new Rng(20261204);
    const alphabet = ['a', 'b', 'B', '-', '/', 'é', '\ud83d\ude00', '0'];
    for (let run = 0; run < 200; run += 1) {
      const list = Array.from({ length: rng.int(0, 30) }, () => Array.from({ length: rng.int(0, 4) }, () => rng.pick(alphabet)).join(''));
      const expected = [...list].sort();
      expect(sortStrings(list)).toEqual(expected);
      // In order but for one pair swapped.
      const nearly = [...expected];
      if (nearly.length > 1) {
        const at = rng.int(0, nearly.length - 2);
        [nearly[at], nearly[at + 1]] = [nearly[at + 1]!, nearly[at]!];
      }
      expect(sortStrings(nearly)).toEqual(expected);
    }
  });
});

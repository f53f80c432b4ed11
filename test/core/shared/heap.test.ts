/** The heap search takes its pages from (shared/heap.ts): it gives back what a sort gives, in order, for any comparator. */
import { describe, expect, it } from 'vitest';
import { Heap } from '../../../src/core/shared/heap.js';
import { mulberry32 } from '../../helpers/prng.js';

describe('Heap', () => {
  it('pops in the order a sort gives, ties by the comparator, on random lists of every small size', () => {
    const next = mulberry32(7);
    for (let n = 0; n < 60; n += 1) {
      const items = Array.from({ length: n }, (_, i) => ({ score: Math.floor(next() * 5), line: i }));
      const before = (a: { score: number; line: number }, b: { score: number; line: number }) => b.score - a.score || a.line - b.line;
      const sorted = [...items].sort(before);
      const heap = new Heap([...items], before);
      const popped: typeof items = [];
      for (let item = heap.pop(); item !== undefined; item = heap.pop()) popped.push(item);
      expect(popped).toEqual(sorted);
      expect(heap.size).toBe(0);
    }
  });
});

/**
 * Places by binary search (src/core/shared/sorted-places.ts): the same answers as a `Map` of the
 * sorted ids, before and after it fills one, and a lookup's work is logarithmic (a ratio at n
 * and 4n, counted in comparisons, not timed).
 */
import { describe, expect, it } from 'vitest';
import { SortedPlaces } from '../../../src/core/shared/sorted-places.js';
import { Rng } from '../../helpers/prng.js';

describe('SortedPlaces', () => {
  it('answers as a Map of the ids by place, present or not, before and after it fills one', () => {
    const rng = new Rng(42);
    for (let run = 0; run < 50; run += 1) {
      const ids = [...new Set(Array.from({ length: rng.int(0, 60) }, () => `${rng.pick(['A', 'B', 'b', 'é', '\ud83d\ude00'])}-${rng.int(0, 99)}`))].sort();
      const map = new Map(ids.map((id, place) => [id, place]));
      // A Map filled after 5 lookups: the answers stay the same.
      const places = new SortedPlaces(ids, 5);
      const asked = [...ids, 'A', 'A-', 'zzz', '', 'A-100', '\uffff'];
      for (const id of [...asked, ...asked]) {
        expect(places.get(id), id).toBe(map.get(id));
        expect(places.has(id), id).toBe(map.has(id));
      }
      expect(places.size).toBe(map.size);
      expect([...places]).toEqual([...map]);
      expect([...places.keys()]).toEqual([...map.keys()]);
      expect([...places.values()]).toEqual([...map.values()]);
      const seen: [string, number][] = [];
      places.forEach((place, id) => seen.push([id, place]));
      expect(seen).toEqual([...map.entries()]);
    }
  });

  it('looks up an id in about log n comparisons (n and 4n)', () => {
    const compared = (n: number): number => {
      let count = 0;
      // Every id read out of the list is counted (a proxy over it): one read per comparison.
      const ids = Array.from({ length: n }, (_, i) => `ID-${String(i).padStart(7, '0')}`);
      const counting = new Proxy(ids, {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) count += 1;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
      const places = new SortedPlaces(counting, Number.POSITIVE_INFINITY);
      for (let i = 0; i < 1000; i += 1) expect(places.get(ids[(i * 7919) % n]!)).toBe((i * 7919) % n);
      return count;
    };
    const small = compared(10_000);
    const large = compared(40_000);
    // log2(4n) / log2(n) ≈ 1.15 here; a linear search would be 4.
    expect(large / small).toBeLessThan(1.4);
  });
});

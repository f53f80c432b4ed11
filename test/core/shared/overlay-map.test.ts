import { describe, expect, it } from 'vitest';
import { OverlayMap, replaceValues } from '../../../src/core/shared/overlay-map.js';

describe('replaceValues', () => {
  const base = new Map([
    ['b', 1],
    ['a', 2],
    ['c', 3],
  ]);

  it('gives the base with the values replaced, in the base order, and leaves the base alone', () => {
    const patched = replaceValues(base, new Map([['a', 20]]));
    expect(patched).toBeInstanceOf(OverlayMap);
    expect([...patched]).toEqual([
      ['b', 1],
      ['a', 20],
      ['c', 3],
    ]);
    expect([...patched.keys()]).toEqual(['b', 'a', 'c']);
    expect([...patched.values()]).toEqual([1, 20, 3]);
    expect(patched.get('a')).toBe(20);
    expect(patched.get('b')).toBe(1);
    expect(patched.get('z')).toBeUndefined();
    expect(patched.has('a') && !patched.has('z')).toBe(true);
    expect(patched.size).toBe(3);
    const seen: string[] = [];
    patched.forEach((value, key, map) => seen.push(`${key}=${value}:${map === patched}`));
    expect(seen).toEqual(['b=1:true', 'a=20:true', 'c=3:true']);
    expect([...base]).toEqual([
      ['b', 1],
      ['a', 2],
      ['c', 3],
    ]);
  });

  it('patches a patch without changing it, and nothing replaced is the same map', () => {
    const once = replaceValues(base, new Map([['a', 20]]));
    const twice = replaceValues(once, new Map([['c', 30]]));
    expect([...twice.values()]).toEqual([1, 20, 30]);
    expect([...once.values()]).toEqual([1, 20, 3]);
    expect(replaceValues(once, new Map())).toBe(once);
  });

  it('makes a plain map again once many values are replaced', () => {
    const big = new Map<number, number>();
    for (let i = 0; i < 1000; i += 1) big.set(i, i);
    let map: ReadonlyMap<number, number> = big;
    for (let i = 0; i < 256; i += 1) map = replaceValues(map, new Map([[i, -i]]));
    expect(map).toBeInstanceOf(OverlayMap);
    map = replaceValues(map, new Map([[256, -256]]));
    expect(map).toBeInstanceOf(Map);
    expect([...map.keys()]).toEqual([...big.keys()]);
    expect(map.get(256)).toBe(-256);
    expect(map.get(257)).toBe(257);
    expect(big.get(5)).toBe(5);
    // The next patch starts a new overlay on the plain map.
    const next = replaceValues(map, new Map([[257, -257]]));
    expect(next).toBeInstanceOf(OverlayMap);
    expect((next as OverlayMap<number, number>).base).toBe(map);
  });
});

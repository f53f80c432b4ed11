import { describe, expect, it } from 'vitest';
import { LazyMap } from '../../../src/core/shared/lazy-map.js';
import { loadWorkspace } from '../../../src/core/index.js';
import { doc, testdir } from '../../helpers/testdir.js';

describe('LazyMap', () => {
  it('is made on first use, once, and reads as the map it makes', () => {
    let made = 0;
    const lazy = new LazyMap(() => ((made += 1), new Map([['b', 2], ['a', 1]])));
    expect(made).toBe(0);
    expect(lazy.get('a')).toBe(1);
    expect(lazy.has('c')).toBe(false);
    expect(lazy.size).toBe(2);
    expect([...lazy]).toEqual([['b', 2], ['a', 1]]);
    expect([...lazy.keys()]).toEqual(['b', 'a']);
    expect([...lazy.values()]).toEqual([2, 1]);
    const seen: string[] = [];
    lazy.forEach((value, key, map) => seen.push(`${key}=${value}:${map === lazy}`));
    expect(seen).toEqual(['b=2:true', 'a=1:true']);
    expect(made).toBe(1);
  });

  it("a load's cycles upstream are those worked out at once", () => {
    const root = testdir({
      'a.md': doc({ id: 'A', title: 'a', depends_on: ['B'] }),
      'b.md': doc({ id: 'B', title: 'b', depends_on: ['A'] }),
      'c.md': doc({ id: 'C', title: 'c', depends_on: ['A'] }),
      'd.md': doc({ id: 'D', title: 'd' }),
    });
    const ws = loadWorkspace(root);
    expect(ws.cycleUpstream).toBeInstanceOf(LazyMap);
    expect([...ws.cycleUpstream.keys()].sort()).toEqual(['A', 'B', 'C']);
    expect(ws.cycleUpstream.get('C')).toBe(ws.cycleOf.get('A'));
  });
});

/**
 * CATALOG § Bounded answers: a page reads the items up to its end, not the whole list; a walk
 * through a whole list reads each item a bounded number of times; a cursor's bytes depend only
 * on the list before it, not on what the process hashed before.
 */
import { describe, expect, it } from 'vitest';
import { paginate, type ItemList, type PageOptions } from '../../../src/core/answer/paginate.js';

interface Counted extends ItemList<string> {
  reads: number;
}

/** `n` items `item-<i>` that count how often they are read. */
function counted(n: number, title = (i: number) => `item-${i}`): Counted {
  const list: Counted = { length: n, reads: 0, item: (i) => ((list.reads += 1), title(i)) };
  return list;
}

const options = (extra: Partial<PageOptions<string>> = {}): PageOptions<string> => ({
  scope: 'test',
  budgetBytes: 1_000_000,
  sizeOf: (item) => item.length,
  restart: 'test',
  ...extra,
});

/** Every page of `list` with `limit`, each resumed with the cursor of the one before. */
function walk(list: ItemList<string>, limit: number, snapshot?: object): { items: string[]; cursors: string[] } {
  const items: string[] = [];
  const cursors: string[] = [];
  let cursor: string | undefined;
  do {
    const page = paginate(list, options({ limit, cursor, ...(snapshot === undefined ? {} : { snapshot }) }));
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
    if (cursor !== undefined) cursors.push(cursor);
  } while (cursor !== undefined);
  return { items, cursors };
}

describe('paginate reads what a page needs', () => {
  it('a first page of 10 out of 100,000 reads a few dozen items, not the list', () => {
    const list = counted(100_000);
    const page = paginate(list, options({ limit: 10 }));
    expect(page.items).toEqual(Array.from({ length: 10 }, (_, i) => `item-${i}`));
    expect(page.total).toBe(100_000);
    expect(list.reads).toBeLessThanOrEqual(40);
  });

  it('a first page measured by `fits` reads its items a few times each, not the list', () => {
    const list = counted(100_000);
    const page = paginate(list, options({ budgetBytes: 100, fits: (p) => p.items.join('').length <= 2_000 }));
    expect(page.items.length).toBeGreaterThan(100);
    expect(page.items.length).toBeLessThan(400);
    expect(list.reads).toBeLessThanOrEqual(page.items.length * 15);
  });

  it('a walk of one snapshot reads each item a bounded number of times, at n and at 4n', () => {
    const readsPerItem = (n: number) => {
      const list = counted(n);
      const { items } = walk(list, 50, {});
      expect(items).toHaveLength(n);
      return list.reads / n;
    };
    const small = readsPerItem(5_000);
    const large = readsPerItem(20_000);
    expect(small).toBeLessThanOrEqual(4);
    expect(large / small).toBeLessThan(1.5);
  });

  it('the cursors are the same bytes with or without the hashes a snapshot keeps', () => {
    const kept = walk(counted(3_456), 100, {});
    const fresh = walk(counted(3_456), 100);
    expect(kept.cursors).toEqual(fresh.cursors);
    expect(kept.items).toEqual(fresh.items);
    // Resumed in another snapshot (nothing kept), a cursor from the middle gives the same next page.
    const middle = kept.cursors[17]!;
    const again = paginate(counted(3_456), options({ limit: 100, cursor: middle, snapshot: {} }));
    expect(again.nextCursor).toBe(kept.cursors[18]);
  });

  it('a cursor checks only the items before it', () => {
    const first = paginate(counted(1_000), options({ limit: 10 }));
    const later = counted(1_000, (i) => (i >= 10 ? `changed-${i}` : `item-${i}`));
    expect(paginate(later, options({ limit: 10, cursor: first.nextCursor! })).items[0]).toBe('changed-10');
    const earlier = counted(1_000, (i) => (i === 9 ? 'changed-9' : `item-${i}`));
    expect(() => paginate(earlier, options({ limit: 10, cursor: first.nextCursor! }))).toThrow(/cursor no longer matches/);
    // Another scope does not resume it either.
    expect(() => paginate(counted(1_000), options({ limit: 10, cursor: first.nextCursor!, scope: 'other' }))).toThrow(/cursor no longer matches/);
  });
});

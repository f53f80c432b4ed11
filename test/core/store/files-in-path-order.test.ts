/**
 * The walk's files in path order without sorting them (src/core/live/directory-walk.ts,
 * `filesInPathOrder`): the same list as sorting, on random trees whose names sort around `/`
 * (`-`, `.`, a space, `!` come before it; letters after), and a sort when the listings do not
 * give it (a listing out of order, one the walk does not reach).
 */
import { describe, expect, it } from 'vitest';
import { filesInPathOrder } from '../../../src/core/store/listing-reuse.js';
import type { DirectoryListing } from '../../../src/core/read/discover-files.js';
import { sortStrings } from '../../../src/core/shared/sort.js';
import { Rng } from '../../helpers/prng.js';

const listing = (files: string[], subdirs: string[]): DirectoryListing => ({ files, entries: [...files, ...subdirs], subdirs, hidden: [], diagnostic: null });

/** A random tree: its listings (names in code-unit order, as a listing sorts them) and every file. */
function randomTree(rng: Rng): { listings: Map<string, DirectoryListing>; files: Set<string> } {
  const listings = new Map<string, DirectoryListing>();
  const files = new Set<string>();
  const names = ['a', 'a-b', 'a.b', 'a b', '!a', 'b', 'B', 'é', 'a0', 'ab'];
  const make = (dir: string, depth: number): void => {
    const here = new Set<string>();
    const fileNames: string[] = [];
    const dirNames: string[] = [];
    for (let k = rng.int(0, 6); k > 0; k -= 1) {
      const base = rng.pick(names);
      if (depth < 3 && rng.int(0, 2) === 0) {
        if (!here.has(base)) (here.add(base), dirNames.push(base));
      } else {
        const name = `${base}${rng.pick(['.md', '-x.md', '.b.md'])}`;
        if (!here.has(name)) (here.add(name), fileNames.push(name));
      }
    }
    const path = (name: string) => (dir === '' ? name : `${dir}/${name}`);
    const fileList = sortStrings(fileNames).map(path);
    const dirList = sortStrings(dirNames).map(path);
    listings.set(dir, listing(fileList, dirList));
    for (const file of fileList) files.add(file);
    for (const sub of dirList) make(sub, depth + 1);
  };
  make('', 0);
  return { listings, files };
}

/** A set that throws when iterated: `filesInPathOrder` took the listings' order, and sorted nothing. */
class NotIterated extends Set<string> {
  override [Symbol.iterator](): SetIterator<string> {
    throw new Error('the listed files were sorted');
  }

  override values(): SetIterator<string> {
    throw new Error('the listed files were sorted');
  }
}

describe('filesInPathOrder', () => {
  it('gives what sorting gives, on random trees (seeded)', () => {
    const rng = new Rng(20261204);
    let walked = 0;
    for (let run = 0; run < 300; run += 1) {
      const { listings, files } = randomTree(rng);
      const expected = sortStrings(files);
      // The listed files are never iterated (never sorted): the listings gave them in order.
      expect(filesInPathOrder(new NotIterated(files), listings), `run ${run}`).toEqual(expected);
      walked += expected.length;
    }
    expect(walked).toBeGreaterThan(300);
  });

  it('places a folder as its name and a slash among its files', () => {
    const listings = new Map([
      ['', listing(['a b.md', 'a-b.md', 'a.md', 'ab.md'], ['a'])],
      ['a', listing(['a/z.md'], [])],
    ]);
    const files = new Set(['a b.md', 'a-b.md', 'a.md', 'ab.md', 'a/z.md']);
    expect(filesInPathOrder(files, listings)).toEqual(['a b.md', 'a-b.md', 'a.md', 'a/z.md', 'ab.md']);
  });

  it('sorts when the listings do not give the files in order, or not all of them', () => {
    // A listing whose names are out of order.
    const unsorted = new Map([['', listing(['b.md', 'a.md'], [])]]);
    expect(filesInPathOrder(new Set(['b.md', 'a.md']), unsorted)).toEqual(['a.md', 'b.md']);
    // A listing the walk from the root does not reach: its file is still in the list.
    const apart = new Map([
      ['', listing(['b.md'], [])],
      ['x', listing(['x/a.md'], [])],
    ]);
    expect(filesInPathOrder(new Set(['b.md', 'x/a.md']), apart)).toEqual(['b.md', 'x/a.md']);
    expect(filesInPathOrder(new Set(), new Map())).toEqual([]);
  });
});

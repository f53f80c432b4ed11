/**
 * Whether a link target exists, for the link checks, without following symbolic links.
 */
import type { Dirent } from 'node:fs';
import { listDirectoryInside } from './safe-fs.js';

/**
 * `existing(path)` for link checks: first the entries the walk saw (the answer is then the
 * walk's own string for the path), then (for skipped places
 * such as dot-directories) the disk, one component at a time, with exact-case names (so the
 * answer is the same on case-insensitive filesystems) and never following a symbolic link.
 * A path that runs through a symbolic link counts as existing: it is not followed, so it
 * cannot be disproved.
 */
export function existenceOracle(root: string, entries: ReadonlyMap<string, string>): (path: string) => string | null {
  const cache = new Map<string, boolean>();
  const listings = new Map<string, ReadonlyMap<string, Dirent>>();
  const list = (dir: string): ReadonlyMap<string, Dirent> => {
    let listing = listings.get(dir);
    if (listing === undefined) {
      const listed = listDirectoryInside(root, dir);
      listing = new Map(listed.ok ? listed.entries.map((d) => [d.name, d]) : []);
      listings.set(dir, listing);
    }
    return listing;
  };
  const existsOnDisk = (path: string): boolean => {
    const parts = path.split('/');
    let dir = '';
    for (let i = 0; i < parts.length; i += 1) {
      const entry = list(dir).get(parts[i]!);
      if (entry === undefined) return false;
      if (entry.isSymbolicLink()) return true;
      if (i < parts.length - 1 && !entry.isDirectory()) return false;
      dir = dir === '' ? parts[i]! : `${dir}/${parts[i]!}`;
    }
    return true;
  };
  return (path) => {
    if (path === '') return path;
    const entry = entries.get(path);
    if (entry !== undefined) return entry;
    let known = cache.get(path);
    if (known === undefined) {
      known = existsOnDisk(path);
      cache.set(path, known);
    }
    return known ? path : null;
  };
}

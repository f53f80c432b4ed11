/**
 * Whether a link target exists, for the link checks, without following symbolic links.
 */
import { readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';

/**
 * `exists(path)` for link checks: first the entries the walk saw, then (for skipped places
 * such as dot-directories) the disk, one component at a time, with exact-case names (so the
 * answer is the same on case-insensitive filesystems) and never following a symbolic link.
 * A path that runs through a symbolic link counts as existing: it is not followed, so it
 * cannot be disproved.
 */
export function existenceOracle(root: string, entries: ReadonlySet<string>): (path: string) => boolean {
  const cache = new Map<string, boolean>();
  const listings = new Map<string, ReadonlyMap<string, Dirent>>();
  const list = (dir: string): ReadonlyMap<string, Dirent> => {
    let listing = listings.get(dir);
    if (listing === undefined) {
      try {
        listing = new Map(readdirSync(join(root, dir), { withFileTypes: true }).map((d) => [d.name, d]));
      } catch {
        listing = new Map();
      }
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
    if (path === '' || entries.has(path)) return true;
    let known = cache.get(path);
    if (known === undefined) {
      known = existsOnDisk(path);
      cache.set(path, known);
    }
    return known;
  };
}

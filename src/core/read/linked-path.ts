/**
 * Whether a path under a root runs through a symbolic link, told without following one: each part
 * of it looked at in turn with `lstat` (which reads the part itself, not what a link names), from the
 * root down, stopping at the first link or the first part that is missing or no folder.
 */
import { lstatSync } from 'node:fs';
import { join } from 'node:path';

/** The first part of `rel` (`/`-separated, under `root`) that is a symbolic link, as a path from the root; `null` when none is (or the path ends before). */
export function linkOnPath(root: string, rel: string): string | null {
  const parts = rel.split('/');
  for (let k = 1; k <= parts.length; k += 1) {
    const at = parts.slice(0, k).join('/');
    let stats;
    try {
      stats = lstatSync(join(root, at));
    } catch {
      return null;
    }
    if (stats.isSymbolicLink()) return at;
    if (!stats.isDirectory()) return null;
  }
  return null;
}

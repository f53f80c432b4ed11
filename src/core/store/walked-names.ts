/**
 * What the walk had when the on-disk index was written (issue 38, index-snapshot.ts): which link
 * findings the walk alone decided, and which the disk answered (checked again at every start).
 */
import { isAboveWorkspace } from '../check/link-paths.js';
import type { DirectoryListing } from '../read/discover-files.js';
import type { WalkedNames } from './index-snapshot.js';

/** What the walk has now, as the on-disk index keeps it. */
export function walkedNamesOf(listings: ReadonlyMap<string, DirectoryListing>, entries: ReadonlySet<string>): WalkedNames {
  const dirs = new Set<string>();
  const hidden = new Set<string>();
  for (const [dir, listing] of listings) {
    if (listing.diagnostic === null) dirs.add(dir);
    for (const name of listing.hidden) hidden.add(dir === '' ? name : `${dir}/${name}`);
  }
  return { entries, dirs, hidden };
}

/**
 * Whether the walk alone decided what a link check found at `target` (as `missingFromWalk` in
 * check/link-context.ts): an entry or a left-out name, a key of a listed folder, or a missing
 * path whose nearest listed ancestor's listing lacks the next name. A path above the workspace,
 * or one below a left-out name or a file, was looked up on the disk.
 */
export function decidedByWalk(target: string, walked: WalkedNames): boolean {
  if (isAboveWorkspace(target)) return false;
  // A folder's README or listing key (`dir/`, `dir//`): its changes are names coming or going.
  if (target.endsWith('/')) {
    const dir = target.replace(/\/+$/, '');
    return dir === '' || walked.dirs.has(dir);
  }
  if (walked.entries.has(target) || walked.hidden.has(target)) return true;
  for (let at = target; ; ) {
    const slash = at.lastIndexOf('/');
    const parent = slash === -1 ? '' : at.slice(0, slash);
    // A listed folder whose listing lacks the next name (nearer ones were not listed).
    if (walked.dirs.has(parent)) return !walked.entries.has(at) && !walked.hidden.has(at);
    if (parent === '' || walked.entries.has(parent) || walked.hidden.has(parent)) return false;
    at = parent;
  }
}

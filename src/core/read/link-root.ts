/**
 * META-01 §5: the link root — what a leading `/` in a link means, and the outer limit of what
 * the link checks read. It is the repository root, as on GitHub: the nearest directory at or
 * above the workspace root that holds a `.git` entry; without one (or with
 * `links.root: workspace`), the workspace root.
 */
import { lstatSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import type { LinkOptions } from '../shared/config-types.js';

export interface LinkRoot {
  /** Real absolute path of the link root (the workspace root or one of its ancestors). */
  readonly path: string;
  /** The workspace root below the link root, as path segments (`[]` when they are the same). */
  readonly workspaceDir: readonly string[];
  /** Whether a `.git` entry marks the link root: it is a repository's root. */
  readonly repository: boolean;
  /** Whether that `.git` entry is a real directory (not a file, as in a worktree, nor a link), so its `config` may be read. */
  readonly gitDirectory: boolean;
}

/**
 * Finds the link root of the workspace at `workspaceRoot` (a real path). Each directory on the
 * way up is only `lstat`ed for a `.git` entry — nothing is followed or read. Any kind of entry
 * named `.git` marks a repository (a directory; a file, as in worktrees and submodules; even a
 * symbolic link, which is not followed), so the search never climbs past a repository into an
 * outer one.
 */
export function findLinkRoot(workspaceRoot: string, root: LinkOptions['root']): LinkRoot {
  const none: LinkRoot = { path: workspaceRoot, workspaceDir: [], repository: false, gitDirectory: false };
  const start = root === 'workspace' ? null : workspaceRoot;
  for (let dir = start; dir !== null; ) {
    const kind = gitEntry(dir);
    if (kind !== null) {
      const below = dir === workspaceRoot ? [] : workspaceRoot.slice(dir.length).split(sep).filter((s) => s !== '');
      return { path: dir, workspaceDir: below, repository: true, gitDirectory: kind === 'directory' };
    }
    const parent = dirname(dir);
    dir = parent === dir ? null : parent;
  }
  if (root === 'workspace') {
    // The workspace itself may still be a repository: its own remote names its URLs.
    const kind = gitEntry(workspaceRoot);
    return { ...none, repository: kind !== null, gitDirectory: kind === 'directory' };
  }
  return none;
}

/** The kind of the `.git` entry in `dir`, or `null` when there is none (or it cannot be seen). */
function gitEntry(dir: string): 'directory' | 'other' | null {
  try {
    return lstatSync(join(dir, '.git')).isDirectory() ? 'directory' : 'other';
  } catch {
    return null;
  }
}

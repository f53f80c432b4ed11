/**
 * A git tree seen as the disk is seen (TRACE §4): its directories and their entries by exact
 * name, so that discovery and the link checks of a revision ask the same questions as those of
 * the working tree. Symbolic links are entries of their own kind, never followed; submodules
 * are entries that are neither files nor directories.
 */
import type { DiskView, EntryKind, ListedEntry } from './existence.js';
import type { TreeEntry } from './git.js';

/** An entry of a tree directory. */
export interface TreeDirent extends ListedEntry {
  readonly entry: TreeEntry;
}

/** The directories of a tree, each with its entries by name (`''` is the top level). */
export type TreeDirectories = ReadonlyMap<string, ReadonlyMap<string, TreeDirent>>;

/** Groups a recursive listing (directories included) by directory. */
export function indexTree(entries: readonly TreeEntry[]): TreeDirectories {
  const dirs = new Map<string, Map<string, TreeDirent>>([['', new Map()]]);
  for (const entry of entries) {
    const slash = entry.path.lastIndexOf('/');
    const parent = slash === -1 ? '' : entry.path.slice(0, slash);
    const name = entry.path.slice(slash + 1);
    let listing = dirs.get(parent);
    if (listing === undefined) dirs.set(parent, (listing = new Map()));
    listing.set(name, direntOf(name, entry));
    if (entry.kind === 'directory' && !dirs.has(entry.path)) dirs.set(entry.path, new Map());
  }
  return dirs;
}

/** The tree below `base` (a directory path from the top level, `''`: the top level) as a `DiskView`. */
export function treeDiskView(dirs: TreeDirectories, base: string): DiskView {
  const at = (path: string) => (base === '' ? path : path === '' ? base : `${base}/${path}`);
  const list = (dir: string): ReadonlyMap<string, ListedEntry> => dirs.get(at(dir)) ?? NO_ENTRIES;
  return {
    list,
    kindOf: (path): EntryKind | null => {
      if (path === '') return dirs.has(at('')) ? 'directory' : null;
      const slash = path.lastIndexOf('/');
      const entry = (dirs.get(at(slash === -1 ? '' : path.slice(0, slash))) ?? NO_ENTRIES).get(path.slice(slash + 1));
      if (entry === undefined) return null;
      const kind = entry.entry.kind;
      return kind === 'directory' ? 'directory' : kind === 'file' ? 'file' : kind === 'link' ? 'link' : 'other';
    },
  };
}

const NO_ENTRIES: ReadonlyMap<string, TreeDirent> = new Map();

function direntOf(name: string, entry: TreeEntry): TreeDirent {
  return {
    name,
    entry,
    isFile: () => entry.kind === 'file',
    isDirectory: () => entry.kind === 'directory',
    isSymbolicLink: () => entry.kind === 'link',
  };
}

/** The tree's entry at `full` (a path from the top level), if any. */
export function entryAt(dirs: TreeDirectories, full: string): TreeEntry | undefined {
  const slash = full.lastIndexOf('/');
  return dirs.get(slash === -1 ? '' : full.slice(0, slash))?.get(full.slice(slash + 1))?.entry;
}

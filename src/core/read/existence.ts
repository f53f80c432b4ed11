/**
 * Whether a link target exists, and what it is, for the link checks, without following
 * symbolic links.
 */
import type { Dirent } from 'node:fs';
import { listDirectoryInside } from './safe-fs.js';

/** What a path names: a regular file, a directory, something else, or a path through a symbolic link (never followed). */
export type EntryKind = 'file' | 'directory' | 'other' | 'link';

/** What a listing says of one entry: its name and kind (a `Dirent`, or an entry of a git tree). */
export interface ListedEntry {
  readonly name: string;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

/** The disk under one root (or a git tree), seen one directory listing at a time; every listing is read once. */
export interface DiskView {
  /** The entries of the directory at `dir` (`''` is the root), by exact name; empty when it cannot be listed. */
  readonly list: (dir: string) => ReadonlyMap<string, ListedEntry>;
  /** What `path` names, or `null` when nothing is there. `''` is the root, a directory. */
  readonly kindOf: (path: string) => EntryKind | null;
}

/**
 * A view of the disk under `root`: one component at a time, with exact-case names (so the
 * answer is the same on case-insensitive filesystems) and never following a symbolic link.
 */
export function diskView(root: string): DiskView {
  const listings = new Map<string, ReadonlyMap<string, Dirent>>();
  const kinds = new Map<string, EntryKind | null>();
  const list = (dir: string): ReadonlyMap<string, Dirent> => {
    let listing = listings.get(dir);
    if (listing === undefined) {
      const listed = listDirectoryInside(root, dir);
      listing = new Map(listed.ok ? listed.entries.map((d) => [d.name, d]) : []);
      listings.set(dir, listing);
    }
    return listing;
  };
  const walk = (path: string): EntryKind | null => {
    if (path === '') return 'directory';
    const parts = path.split('/');
    let dir = '';
    for (let i = 0; i < parts.length; i += 1) {
      const entry = list(dir).get(parts[i]!);
      if (entry === undefined) return null;
      if (entry.isSymbolicLink()) return 'link';
      if (i === parts.length - 1) return entry.isDirectory() ? 'directory' : entry.isFile() ? 'file' : 'other';
      if (!entry.isDirectory()) return null;
      dir = dir === '' ? parts[i]! : `${dir}/${parts[i]!}`;
    }
    return null;
  };
  return {
    list,
    kindOf: (path) => {
      let kind = kinds.get(path);
      if (kind === undefined) kinds.set(path, (kind = walk(path)));
      return kind;
    },
  };
}

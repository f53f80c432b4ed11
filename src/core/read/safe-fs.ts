/**
 * The only way the core reads the disk under a root: open without following a symbolic link
 * (`O_NOFOLLOW`, and `O_NONBLOCK` so that a FIFO cannot block), then check what was opened —
 * its kind on the open handle (`fstat`), and that it is the path asked for inside the root,
 * with no symbolic link anywhere on the way (the kernel's own name for the handle where the
 * OS gives one, `/proc/self/fd`; elsewhere each directory on the way, then the file's
 * identity). A path swapped for a link between listing and reading is refused, not followed.
 * A walk opens each folder through the one it listed just before when that holds it
 * (`FolderHold`): the work per folder does not grow with its depth.
 */
import { closeSync, constants, fstatSync, fsyncSync, lstatSync, openSync, readdirSync, readlinkSync, type Dirent, type Stats } from 'node:fs';
import { join, sep } from 'node:path';
import { readAll } from './read-fd.js';
import { linkRefusal, notRegular, refusal, tooLarge, type Refusal } from './refusal.js';

export { linkRefusal, tooLarge, type Refusal };

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;
const DIRECTORY = constants.O_DIRECTORY ?? 0;

export type ReadResult = { readonly ok: true; readonly bytes: Uint8Array; readonly stats: Stats } | Refusal;
export type ListResult = { readonly ok: true; readonly entries: readonly Dirent[] } | Refusal;
/** A folder's stat data (device, inode, mtime and ctime in nanoseconds): its names change only with its mtime and ctime. */
export type FolderKey = readonly [dev: bigint, ino: bigint, mtimeNs: bigint, ctimeNs: bigint];
/** A folder listed with its key, or not listed (`entries` `null`) when `keep` kept a listing of that key. */
export type KeyedList = { readonly ok: true; readonly entries: readonly Dirent[] | null; readonly key: FolderKey } | Refusal;

/**
 * Reads the regular file at `rel` (`/`-separated, relative to the real directory `root`), at
 * most `maxBytes` bytes; anything else — a symbolic link on the way, a FIFO, a device, a
 * directory, a larger file — is refused. With `transient`, the bytes of a file up to 1 MiB
 * are read into a buffer shared by every transient read: they are valid only until the next
 * one (for a caller that decodes them at once, as a load does for every document).
 */
export function readFileInside(root: string, rel: string, maxBytes: number, transient = false): ReadResult {
  const full = rel === '' ? root : join(root, rel);
  return readOpened(openInside(root, full, 'file'), maxBytes, transient);
}

/**
 * A directory under a root, opened and checked once, whose files are then read relative to
 * the open handle: the way a load reads many files of one directory.
 */
export interface DirectoryHandle {
  /** The directory, relative to the root (`''` is the root itself). */
  readonly rel: string;
  readonly read: (name: string, maxBytes: number, transient?: boolean) => ReadResult;
  readonly close: () => void;
}

/**
 * Opens the directory at `rel` under `root` for reading its files, or returns `null` where the
 * OS gives no name for an open handle (then read each file with `readFileInside`), or when the
 * directory cannot be opened and checked (then `readFileInside` says why, file by file).
 *
 * A file is opened as `/proc/self/fd/<dir>/<name>` without following a link: the kernel
 * resolves the name inside the directory the handle holds (the one checked, wherever it is
 * now), as `openat` does, so each file needs no check of its own path.
 */
export function openDirectoryInside(root: string, rel: string): DirectoryHandle | null {
  if (procFd === false) return null;
  const opened = openInside(root, rel === '' ? root : join(root, rel), 'directory');
  if (!opened.ok || procFd !== true) {
    if (opened.ok) closeSync(opened.fd);
    return null;
  }
  const { fd } = opened;
  let open = true;
  return {
    rel,
    read: (name, maxBytes, transient = false) => {
      if (name === '' || name === '.' || name === '..' || name.includes('/')) return { ok: false, code: 'EINVAL', reason: 'it is not a file name' };
      // Where the file is needs no check: the kernel resolved the name in the checked directory.
      return readOpened(openChecked(`/proc/self/fd/${fd}/${name}`, 'file', null), maxBytes, transient);
    },
    close: () => {
      if (open) closeSync(fd);
      open = false;
    },
  };
}

/**
 * A directory under a root, opened and checked (no link on the way), for writing into it: `path`
 * names it for as long as it is open — `/proc/self/fd/<fd>`, which the kernel resolves to the
 * directory the handle holds wherever it is now (as `openat` and `renameat` would), or, where
 * the OS has no such names, its checked path. `fsync` flushes its entries (a rename) to disk.
 */
export interface WritableDirectory {
  readonly path: string;
  readonly fsync: () => void;
  readonly close: () => void;
}

export function openWritableDirectory(root: string, rel: string): { readonly ok: true; readonly dir: WritableDirectory } | Refusal {
  const full = rel === '' ? root : join(root, rel);
  const opened = openInside(root, full, 'directory');
  if (!opened.ok) return opened;
  const { fd } = opened;
  let open = true;
  return {
    ok: true,
    dir: {
      path: procFd === true ? `/proc/self/fd/${fd}` : full,
      fsync: () => {
        try {
          fsyncSync(fd);
        } catch {
          // A directory some filesystems cannot flush: the rename is still done.
        }
      },
      close: () => {
        if (open) closeSync(fd);
        open = false;
      },
    },
  };
}

/** Opens the regular file at `path` (a name in a `WritableDirectory`) without following a link; the caller closes `fd`. */
export const openFileForRead = (path: string): Opened => openChecked(path, 'file', null);

/** Reads an open regular file to its end (at most `maxBytes`); `null` once it is larger. */
export const readOpenFile = (fd: number, size: number, maxBytes: number): Uint8Array | null => readAll(fd, size, maxBytes, false);

/**
 * The folder a walk listed last, kept open where the OS names open handles (`/proc/self/fd`),
 * so that a folder in it is opened through it (`current`: that folder, or `null`). The kernel
 * then resolves one name in the folder that was opened and checked — as `openat` would, and as
 * `openDirectoryInside` reads files — instead of the whole path again: a walk down a chain of
 * n folders resolved n²/2 names, and checked as many. `O_NOFOLLOW` refuses a link in its place.
 * The walk closes the last one (`releaseHold`).
 */
export interface FolderHold {
  current: { readonly rel: string; readonly fd: number } | null;
}

/** Closes the folder `hold` keeps open, if any. */
export function releaseHold(hold: FolderHold): void {
  if (hold.current !== null) closeSync(hold.current.fd);
  hold.current = null;
}

/** Lists the directory at `rel` under `root` (`''` is the root itself) without following links; with `hold`, through the folder it holds when `rel` is in it, then held itself. */
export const listDirectoryInside = (root: string, rel: string, hold?: FolderHold): ListResult => listKeyedInside(root, rel, undefined, hold) as ListResult;
/** `listDirectoryInside` with the key of the folder opened (and checked); not listed when `keep` keeps a listing of that key. */
export const listKeyedInside = (root: string, rel: string, keep: ((key: FolderKey) => boolean) | undefined, hold?: FolderHold): KeyedList => {
  const held = hold?.current ?? null;
  const name = held === null || procFd !== true ? null : nameIn(held.rel, rel);
  const full = (): string => (rel === '' ? root : join(root, rel));
  // Through the folder held, only a name is resolved (no link: O_NOFOLLOW; a directory: O_DIRECTORY), in the folder already checked.
  const opened = name !== null ? openChecked(`/proc/self/fd/${held!.fd}/${name}`, 'directory', null) : openInside(root, full(), 'directory');
  if (!opened.ok) return opened;
  let kept = false;
  try {
    const stats = keep === undefined ? null : fstatSync(opened.fd, { bigint: true });
    const key: FolderKey = stats === null ? [0n, 0n, 0n, 0n] : [stats.dev, stats.ino, stats.mtimeNs, stats.ctimeNs];
    if (keep?.(key) === true) {
      kept = hold !== undefined && procFd === true;
      return { ok: true, entries: null, key };
    }
    // Listing through the handle lists what was opened and checked, whatever the path is now.
    const entries = procFd ? readdirSync(`/proc/self/fd/${opened.fd}`, { withFileTypes: true }) : listThenRecheck(full(), opened.stats);
    kept = hold !== undefined && procFd === true;
    return { ok: true, entries, key };
  } catch (error) {
    return refusal(error);
  } finally {
    if (kept) {
      releaseHold(hold!);
      hold!.current = { rel, fd: opened.fd };
    } else {
      closeSync(opened.fd);
    }
  }
};

/** The name `rel` has in the folder `parent` when it is directly in it (both relative to one root), else `null`. */
function nameIn(parent: string, rel: string): string | null {
  const start = parent === '' ? 0 : parent.length + 1;
  if (rel.length <= start || (parent !== '' && (rel.charCodeAt(parent.length) !== 0x2f || !rel.startsWith(parent)))) return null;
  const name = rel.slice(start);
  return name.includes('/') || name === '.' || name === '..' ? null : name;
}

/** Reads the regular file `opened` (or passes its refusal on), at most `maxBytes` bytes, and closes it. */
function readOpened(opened: Opened, maxBytes: number, transient: boolean): ReadResult {
  if (!opened.ok) return opened;
  const { fd, stats } = opened;
  try {
    if (stats.size > maxBytes) return tooLarge(maxBytes);
    const bytes = readAll(fd, stats.size, maxBytes, transient);
    return bytes === null ? tooLarge(maxBytes) : { ok: true, bytes, stats };
  } catch (error) {
    return refusal(error);
  } finally {
    closeSync(fd);
  }
}

export type Opened = { readonly ok: true; readonly fd: number; readonly stats: Stats } | Refusal;

/** Whether `/proc/self/fd/N` names open handles (Linux); decided on first use. */
let procFd: boolean | undefined;

function openInside(root: string, full: string, kind: 'file' | 'directory'): Opened {
  // A path that leads out of the root (`../`, from a document, a client or an index; `full` is normalised) is never opened.
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : `${root}${sep}`)) return { ok: false, code: 'EOUTSIDE', reason: 'it is outside the workspace' };
  if (!procFd && !noLinkOnTheWay(root, full)) return linkRefusal();
  return openChecked(full, kind, full);
}

/**
 * Opens `path` without following a final link and checks the kind of what was opened; with
 * `expected`, also that the handle is the file at that path (`openedAt`).
 */
function openChecked(path: string, kind: 'file' | 'directory', expected: string | null): Opened {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | NOFOLLOW | NONBLOCK | (kind === 'directory' ? DIRECTORY : 0));
  } catch (error) {
    return refusal(error);
  }
  try {
    const stats = fstatSync(fd);
    const problem = kind === 'file' ? (stats.isFile() ? null : notRegular(stats)) : stats.isDirectory() ? null : 'it is not a directory';
    if (problem !== null) return close(fd, { ok: false, code: 'EKIND', reason: problem });
    if (expected !== null && !openedAt(fd, expected, stats)) return close(fd, linkRefusal());
    return { ok: true, fd, stats };
  } catch (error) {
    return close(fd, refusal(error));
  }
}

/** Whether the handle `fd` is the file at `full` (no link on the way, not replaced meanwhile). */
function openedAt(fd: number, full: string, stats: Stats): boolean {
  if (procFd !== false) {
    try {
      const name = readlinkSync(`/proc/self/fd/${fd}`);
      procFd = true;
      return name === full;
    } catch {
      procFd = false;
    }
  }
  try {
    const now = lstatSync(full);
    return now.ino === stats.ino && now.dev === stats.dev;
  } catch {
    return false;
  }
}

/** Without `/proc`: every directory between `root` and `full` is a directory, not a link. */
function noLinkOnTheWay(root: string, full: string): boolean {
  const parts = full.slice(root.length + 1).split(sep);
  let at = root;
  for (let i = 0; i < parts.length - 1; i += 1) {
    at = join(at, parts[i]!);
    try {
      if (!lstatSync(at).isDirectory()) return false;
    } catch {
      return false;
    }
  }
  return true;
}

function listThenRecheck(full: string, before: Stats): Dirent[] {
  const entries = readdirSync(full, { withFileTypes: true });
  const after = lstatSync(full);
  if (after.ino !== before.ino || after.dev !== before.dev) throw Object.assign(new Error('changed while listed'), { code: 'ELOOP' });
  return entries;
}

function close<T>(fd: number, value: T): T {
  closeSync(fd);
  return value;
}

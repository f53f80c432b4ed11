/**
 * The only way the core changes a file under a root (KITS §6; the lock file of TRACE §3): the
 * directory is opened and checked as for a read (no symbolic link on the way), the file is
 * opened without following a link and must be a regular file someone may write; the new text
 * is written to a new file beside it (a dot-name, created exclusively, given the old file's
 * owner, group and mode, flushed to disk) and renamed over it. A file whose owner or group the
 * new one cannot be given (another user's, written by someone who may not `chown`) is refused,
 * so setuid and setgid never pass to a file of another owner. A crash at any moment leaves the
 * old file or the new one, never a mix; the temporary files a killed writer left are removed
 * at the next write in that folder. Writers of one file take turns through a lock file beside
 * it (created exclusively; one older than `STALE_LOCK_MS`, or dated that far in the future,
 * was left by a writer that died, and is taken over; a file at the lock's name that is not a
 * lock is never removed); just before the rename the file is read again, and one that changed
 * meanwhile (an editor saved it) is not replaced. A name too long for its dot-names beside it
 * gets shorter ones (a hash of the name).
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, constants, fchmodSync, fchownSync, fstatSync, fsyncSync, linkSync, lstatSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { posix } from 'node:path';
import { DocugraphError } from '../shared/errors.js';
import { MAX_FILE_BYTES } from '../read/read-bytes.js';
import { OWN_PID, processGone } from '../read/own-process.js';
import { openFileForRead, openWritableDirectory, readOpenFile, type WritableDirectory } from '../read/safe-fs.js';

/** A lock older than this was left by a writer that stopped (a write takes milliseconds). */
export const STALE_LOCK_MS = 10_000;
/** How long a writer waits for another's lock before it gives up. */
const LOCK_WAIT_MS = 3_000;

/** Why a file was not changed: a symbolic link, a read-only file, another writer, the system. */
export class WriteRefusedError extends DocugraphError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super('WRITE_REFUSED', message, details);
  }
}

/** The file changed since the version the caller had (or while it was being written). */
export class StaleStateError extends DocugraphError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super('STALE_STATE', message, details);
  }
}

export interface RewriteHooks {
  /** Called with the temporary file's path once it is written and flushed, before the rename (tests stop there). */
  readonly beforeRename?: (temp: string) => void;
}

/** What a rewrite did: the bytes the file held, and the bytes it holds now (the same when `edit` changed nothing). */
export interface Rewritten {
  readonly before: Uint8Array;
  readonly after: Uint8Array;
  readonly changed: boolean;
}

/**
 * Rewrites the file `rel` under `root` with what `edit` makes of its bytes (`null`: nothing to
 * change; `edit` may throw to refuse). `create`: a file that does not exist is made (`edit`
 * gets no bytes). Throws `WriteRefusedError` or `StaleStateError`, the file untouched.
 */
export function rewriteFile(root: string, rel: string, edit: (bytes: Uint8Array | null) => Uint8Array | null, hooks: RewriteHooks = {}, create = false): Rewritten {
  const dirRel = posix.dirname(rel) === '.' ? '' : posix.dirname(rel);
  const name = posix.basename(rel);
  const opened = openWritableDirectory(root, dirRel);
  if (!opened.ok) throw new WriteRefusedError(`\`${rel}\` cannot be written: ${opened.reason}; nothing was changed`, { path: rel });
  const dir = opened.dir;
  try {
    const unlock = lock(dir, name, rel);
    try {
      removeLeftovers(dir, name);
      const current = readCurrent(dir, name, rel, create);
      const next = edit(current?.bytes ?? null);
      if (next === null) return { before: current?.bytes ?? new Uint8Array(), after: current?.bytes ?? new Uint8Array(), changed: false };
      const temp = writeTemp(dir, name, next, current, rel);
      try {
        hooks.beforeRename?.(temp);
        // The file as it is now: the same one, the same bytes, or it is not replaced.
        const now = readCurrent(dir, name, rel, create);
        if ((now === null) !== (current === null) || (now !== null && current !== null && (now.ino !== current.ino || !sameBytes(now.bytes, current.bytes)))) {
          throw new StaleStateError(`\`${rel}\` changed while DocuGraph was writing it; nothing was changed — read it again and retry`, { path: rel });
        }
        renameSync(temp, posix.join(dir.path, name));
      } catch (error) {
        rmSync(temp, { force: true });
        throw error;
      }
      dir.fsync();
      return { before: current?.bytes ?? new Uint8Array(), after: next, changed: true };
    } finally {
      unlock();
    }
  } catch (error) {
    if (error instanceof DocugraphError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    const why = code === 'EACCES' || code === 'EPERM' ? 'its folder is not writable' : code === 'ENOSPC' ? 'the disk is full' : code === 'EROFS' ? 'the filesystem is read-only' : `the system refused (${code})`;
    throw new WriteRefusedError(`\`${rel}\` cannot be written: ${why}; nothing was changed`, { path: rel });
  } finally {
    dir.close();
  }
}

interface Current {
  readonly bytes: Uint8Array;
  readonly mode: number;
  readonly ino: number;
  readonly uid: number;
  readonly gid: number;
}

/** The file's bytes, read without following a link; a read-only one is refused. `null`: there is none (with `create`). */
function readCurrent(dir: WritableDirectory, name: string, rel: string, create: boolean): Current | null {
  const opened = openFileForRead(posix.join(dir.path, name));
  if (!opened.ok) {
    if (opened.code === 'ENOENT' && create) return null;
    throw new WriteRefusedError(`\`${rel}\` cannot be written: ${opened.reason}; nothing was changed`, { path: rel });
  }
  try {
    const { stats } = opened;
    if ((stats.mode & 0o222) === 0) throw new WriteRefusedError(`\`${rel}\` is read-only; make it writable (\`chmod u+w ${rel}\`) to let DocuGraph change it — nothing was changed`, { path: rel });
    const bytes = readOpenFile(opened.fd, stats.size, MAX_FILE_BYTES);
    if (bytes === null) throw new WriteRefusedError(`\`${rel}\` is larger than DocuGraph reads; nothing was changed`, { path: rel });
    return { bytes, mode: stats.mode & 0o7777, ino: stats.ino, uid: stats.uid, gid: stats.gid };
  } finally {
    closeSync(opened.fd);
  }
}

/**
 * Writes `bytes` to a new dot-file beside `name`, flushed, with the owner, group and mode of the
 * file it replaces (`current`; a new file: `0644`, the writer's); its path. The owner and group
 * are set before the mode (a `chown` clears setuid and setgid), and a file whose owner or group
 * cannot be given to the new one is refused.
 */
function writeTemp(dir: WritableDirectory, name: string, bytes: Uint8Array, current: Current | null, rel: string): string {
  const temp = posix.join(dir.path, dotName(name, `${OWN_PID || 'x'}.${randomBytes(6).toString('hex')}.tmp`));
  const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
  try {
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
    if (current !== null) keepOwner(fd, current, rel);
    fchmodSync(fd, current?.mode ?? 0o644);
    // The new bytes are on disk before the rename makes them the file.
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  return temp;
}

/** Gives the new file open as `fd` the owner and group of `current`, or refuses the write when the system does not let this process. */
function keepOwner(fd: number, current: Current, rel: string): void {
  const made = fstatSync(fd);
  if (made.uid === current.uid && made.gid === current.gid) return;
  try {
    fchownSync(fd, current.uid, current.gid);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    const whose = made.uid === current.uid ? `group ${current.gid}` : `user ${current.uid}`;
    throw new WriteRefusedError(
      `\`${rel}\` belongs to ${whose}, and the new file cannot be given to them (${code}): DocuGraph does not change who owns a file — nothing was changed; run it as the file's owner`,
      { path: rel },
    );
  }
}

/** The longest name a folder entry may have (bytes, on the filesystems DocuGraph writes to). */
const NAME_MAX = 255;

/**
 * The dot-name beside `name` that ends with `tail` (`.<name>.<tail>`), or, when that is longer
 * than a name may be, `.<hash of name>.<tail>` (the same name for the same file every time).
 */
export function dotName(name: string, tail: string): string {
  const full = `.${name}.${tail}`;
  return Buffer.byteLength(full, 'utf8') <= NAME_MAX ? full : `.dg-${createHash('sha256').update(name, 'utf8').digest('hex').slice(0, 24)}.${tail}`;
}

/** A temporary file of a writer: `<pid>.<12 hex>.tmp` or `….lock-tmp` at the end of a dot-name (earlier versions wrote no pid). */
const TEMP_TAIL = /(?:\.(\d+|x))?\.[0-9a-f]{12}\.(?:tmp|lock-tmp)$/;

/**
 * Removes the temporary files writers left in the folder (killed before their rename): those
 * of `name` that are not a lock's (only a writer holding `name`'s lock, as this one does, makes
 * them), and any other whose writer's process is gone or that is older than `STALE_LOCK_MS`.
 * Only regular files are removed; a folder too large to look through is left as it is.
 */
function removeLeftovers(dir: WritableDirectory, name: string): void {
  let names: string[];
  try {
    names = readdirSync(dir.path);
  } catch {
    return;
  }
  const now = Date.now();
  for (const entry of names) {
    if (entry.charCodeAt(0) !== 0x2e) continue;
    const tail = TEMP_TAIL.exec(entry);
    if (tail === null) continue;
    try {
      const stats = lstatSync(posix.join(dir.path, entry));
      if (!stats.isFile()) continue;
      const ours = entry.endsWith('.tmp') && entry === dotName(name, tail[0].slice(1));
      if (ours || processGone(tail[1] ?? '') || Math.abs(now - stats.mtimeMs) > STALE_LOCK_MS) rmSync(posix.join(dir.path, entry), { force: true });
    } catch {
      // Gone meanwhile.
    }
  }
}

/**
 * Takes the lock of `name` (a dot-file beside it, created exclusively), waiting for another
 * writer's for up to `LOCK_WAIT_MS`; a lock older than `STALE_LOCK_MS` is taken over. Returns
 * how to release it.
 */
function lock(dir: WritableDirectory, name: string, rel: string): () => void {
  const lockName = dotName(name, 'docugraph-lock');
  const path = posix.join(dir.path, lockName);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    // The lock appears whole, with the writer's id in it: written beside it, then linked (which fails when one exists).
    const temp = posix.join(dir.path, dotName(name, `${OWN_PID || 'x'}.${randomBytes(6).toString('hex')}.lock-tmp`));
    try {
      const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
      try {
        writeSync(fd, OWN_PID);
      } finally {
        closeSync(fd);
      }
      linkSync(temp, path);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(temp, { force: true });
    }
    let age = 0;
    let holder = '';
    try {
      const stats = lstatSync(path);
      age = Date.now() - stats.mtimeMs;
      if (!stats.isFile()) throw new WriteRefusedError(`\`${rel}\` cannot be written: its lock \`${lockName}\` is not a regular file; remove it`, { path: rel });
      const opened = openFileForRead(path);
      if (opened.ok) {
        try {
          const read = readOpenFile(opened.fd, opened.stats.size, MAX_LOCK_BYTES);
          holder = read === null ? '?' : Buffer.from(read).toString('latin1');
        } finally {
          closeSync(opened.fd);
        }
      }
    } catch (error) {
      if (error instanceof WriteRefusedError) throw error;
      continue;
    }
    // A lock holds its writer's process id (or nothing, where there are no ids): anything else is someone's file, never removed.
    if (!/^\d*$/.test(holder)) {
      throw new WriteRefusedError(`\`${rel}\` cannot be written: \`${lockName}\` beside it is not a DocuGraph lock; move it out of the way — nothing was changed`, { path: rel });
    }
    // Dated in the future (a clock set back, a copied file) counts as old once it is that far off.
    if (Math.abs(age) > STALE_LOCK_MS || (Math.abs(age) > MIN_LOCK_AGE_MS && processGone(holder))) {
      rmSync(path, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new WriteRefusedError(`\`${rel}\` is being written by another DocuGraph (\`${lockName}\`); try again in a moment`, { path: rel });
    sleep(10);
  }
}

/** The most bytes a lock file holds (a process id). */
const MAX_LOCK_BYTES = 32;

/** A lock is never judged by its writer's process before this age (a writer may not have written its id yet). */
const MIN_LOCK_AGE_MS = 100;

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Blocks this thread for `ms` (between two tries of a lock another writer holds for milliseconds). */
function sleep(ms: number): void {
  Atomics.wait(pause, 0, 0, ms);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

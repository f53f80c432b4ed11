/**
 * The only way the core changes a file under a root (KITS §6; the lock file of TRACE §3): the
 * directory is opened and checked as for a read (no symbolic link on the way), the file is
 * opened without following a link and must be a regular file someone may write; the new text
 * is written to a new file beside it (a dot-name, created exclusively, with the old file's
 * mode, flushed to disk) and renamed over it. A crash at any moment leaves the old file or the
 * new one, never a mix. Writers of one file take turns through a lock file beside it (created
 * exclusively; one older than `STALE_LOCK_MS` was left by a writer that died, and is taken
 * over); just before the rename the file is read again, and one that changed meanwhile (an
 * editor saved it) is not replaced.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fchmodSync, fsyncSync, linkSync, lstatSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { posix } from 'node:path';
import { DocugraphError } from '../shared/errors.js';
import { MAX_FILE_BYTES } from './read-bytes.js';
import { OWN_PID, processGone } from './own-process.js';
import { openFileForRead, openWritableDirectory, readOpenFile, type WritableDirectory } from './safe-fs.js';

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
      const current = readCurrent(dir, name, rel, create);
      const next = edit(current?.bytes ?? null);
      if (next === null) return { before: current?.bytes ?? new Uint8Array(), after: current?.bytes ?? new Uint8Array(), changed: false };
      const temp = writeTemp(dir, name, next, current?.mode ?? 0o644);
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
    return { bytes, mode: stats.mode & 0o7777, ino: stats.ino };
  } finally {
    closeSync(opened.fd);
  }
}

/** Writes `bytes` to a new dot-file beside `name`, with `mode`, flushed; its path. */
function writeTemp(dir: WritableDirectory, name: string, bytes: Uint8Array, mode: number): string {
  const temp = posix.join(dir.path, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
  try {
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
    fchmodSync(fd, mode);
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

/**
 * Takes the lock of `name` (a dot-file beside it, created exclusively), waiting for another
 * writer's for up to `LOCK_WAIT_MS`; a lock older than `STALE_LOCK_MS` is taken over. Returns
 * how to release it.
 */
function lock(dir: WritableDirectory, name: string, rel: string): () => void {
  const path = posix.join(dir.path, `.${name}.docugraph-lock`);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    // The lock appears whole, with the writer's id in it: written beside it, then linked (which fails when one exists).
    const temp = posix.join(dir.path, `.${name}.${randomBytes(6).toString('hex')}.lock-tmp`);
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
      if (!stats.isFile()) throw new WriteRefusedError(`\`${rel}\` cannot be written: its lock \`.${name}.docugraph-lock\` is not a regular file; remove it`, { path: rel });
      const opened = openFileForRead(path);
      if (opened.ok) {
        try {
          holder = Buffer.from(readOpenFile(opened.fd, opened.stats.size, 64) ?? []).toString('latin1');
        } finally {
          closeSync(opened.fd);
        }
      }
    } catch (error) {
      if (error instanceof WriteRefusedError) throw error;
      continue;
    }
    if (age > STALE_LOCK_MS || (age > MIN_LOCK_AGE_MS && processGone(holder))) {
      rmSync(path, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new WriteRefusedError(`\`${rel}\` is being written by another DocuGraph (\`.${name}.docugraph-lock\`); try again in a moment`, { path: rel });
    sleep(10);
  }
}

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

/**
 * Writing `docugraph.lock.json` (TRACE §3), the one file `docugraph review` writes: a
 * temporary file beside it, created exclusively and flushed to disk, then renamed over it, so
 * a reader or a crash sees the old file or the new one, never half of one. A lock file that is
 * a symbolic link or not a regular file is refused (it was refused when read, and is checked
 * again before the rename, which replaces a link itself and never writes through one).
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, lstatSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { LOCK_FILE } from '../core/index.js';

/** Why the lock file was not written. */
export class LockWriteError extends Error {}

export interface LockWriteHooks {
  /** Called after the temporary file is written and flushed, before the rename (tests simulate a crash there). */
  readonly beforeRename?: (temp: string) => void;
}

/** Writes `text` as `root`'s lock file; throws `LockWriteError` (nothing replaced) when it cannot. */
export function writeLockFile(root: string, text: string, hooks: LockWriteHooks = {}): void {
  const path = join(root, LOCK_FILE);
  refuseUnlessRegular(path);
  // A dot-name: discovery and a live index skip it while it exists.
  const temp = join(root, `.${LOCK_FILE}.${randomBytes(6).toString('hex')}.tmp`);
  let fd: number | null = null;
  try {
    fd = openSync(temp, 'wx', 0o644);
    const bytes = Buffer.from(text, 'utf8');
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
    fsyncSync(fd);
    closeSync(fd);
    fd = null;
    hooks.beforeRename?.(temp);
    refuseUnlessRegular(path);
    renameSync(temp, path);
  } catch (error) {
    if (fd !== null) closeSync(fd);
    rmSync(temp, { force: true });
    if (error instanceof LockWriteError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? 'an error';
    throw new LockWriteError(`cannot write ${path} (${code}); nothing was changed`);
  }
}

/** Refuses a lock file that is a symbolic link or not a regular file; nothing there is fine. */
function refuseUnlessRegular(path: string): void {
  let stats;
  try {
    stats = lstatSync(path);
  } catch {
    return;
  }
  if (stats.isSymbolicLink()) throw new LockWriteError(`${path} is a symbolic link, which DocuGraph never writes through; nothing was written`);
  if (!stats.isFile()) throw new LockWriteError(`${path} is not a regular file; nothing was written`);
}

/**
 * The on-disk index's file (issue 38): where it lives, and the only reads and writes of it. It
 * lives in the user's cache folder, one file per workspace named by a hash of the workspace's
 * real path. It is read whole and bounded, never through a symbolic link (the file is opened
 * with `O_NOFOLLOW`, its folder must be a real folder no one else may write to), and written to a new file in
 * the same folder, then renamed over the old one: a reader sees the old index or the new one,
 * and two writers only ever replace a whole file with another.
 * The folder is used only when it is the user's alone (private-folder.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { OWN_PID, processGone } from './own-process.js';
import { checkDirectory } from './private-folder.js';

/** The most bytes an index file may have (a larger one is not read; a larger index is not written). */
export const MAX_CACHE_BYTES = 2 * 1024 * 1024 * 1024 - 1;

/** A workspace's index file: its folder (the cache folder) and its path. */
export interface CacheFile {
  readonly dir: string;
  readonly path: string;
}

/** The index file of the workspace at `root` (a real path) in the cache folder `dir`. */
export function cacheFileOf(dir: string, root: string): CacheFile {
  const name = createHash('sha256').update(root, 'utf8').digest('hex').slice(0, 32);
  return { dir, path: join(dir, `${name}.index`) };
}

export type CacheRead = { readonly ok: true; readonly bytes: Buffer } | { readonly ok: false; readonly missing: boolean; readonly reason: string };

/** Reads the index file whole (or its first `length` bytes): never through a symbolic link, a regular file of at most `MAX_CACHE_BYTES`. */
export function readCacheFile(file: CacheFile, maxBytes = MAX_CACHE_BYTES, length = Number.POSITIVE_INFINITY): CacheRead {
  const opened = openCacheFile(file, maxBytes);
  return opened.ok ? readOpened(opened.fd, opened.size, length) : opened;
}

/** Reads the first `length` bytes (at most) of the `size` bytes of the index open as `fd`, and closes it. */
export function readOpened(fd: number, size: number, length = Number.POSITIVE_INFINITY): CacheRead {
  try {
    const bytes = Buffer.allocUnsafe(Math.min(size, length));
    let at = 0;
    while (at < bytes.length) {
      const n = readSync(fd, bytes, at, bytes.length - at, at);
      if (n === 0) break;
      at += n;
    }
    return { ok: true, bytes: at === bytes.length ? bytes : bytes.subarray(0, at) };
  } catch (error) {
    return { ok: false, missing: false, reason: `it cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  } finally {
    closeSync(fd);
  }
}

/** The index file open (`fd`), how large it is, and which file it is (`dev`, `ino`: two opens of one file, which is never written in place, read the same bytes). */
export type CacheOpen = { readonly ok: true; readonly fd: number; readonly size: number; readonly dev: bigint; readonly ino: bigint } | { readonly ok: false; readonly missing: boolean; readonly reason: string };

/** Opens the index file to read it (the caller closes `fd`): never through a symbolic link, a regular file of at most `maxBytes`. */
export function openCacheFile(file: CacheFile, maxBytes = MAX_CACHE_BYTES): CacheOpen {
  const dir = checkDirectory(file.dir);
  if (dir !== null) return { ok: false, missing: dir === 'missing', reason: dir };
  let fd: number;
  try {
    fd = openSync(file.path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: false, missing: true, reason: 'missing' };
    return { ok: false, missing: false, reason: code === 'ELOOP' ? 'it is a symbolic link' : `it cannot be opened (${code ?? 'error'})` };
  }
  try {
    const stats = fstatSync(fd, { bigint: true });
    if (!stats.isFile()) throw new Problem('it is not a regular file');
    if (stats.size > BigInt(maxBytes)) throw new Problem(`it is larger than ${maxBytes} bytes`);
    return { ok: true, fd, size: Number(stats.size), dev: stats.dev, ino: stats.ino };
  } catch (error) {
    closeSync(fd);
    return { ok: false, missing: false, reason: error instanceof Problem ? error.message : `it cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
}

class Problem extends Error {}

/** How long a temporary file of a writer may stay before another writer removes it (that writer was stopped). */
const STALE_TEMP_MS = 10 * 60 * 1000;

/** A write of the index file under way: chunks go to a new file, renamed over the old one by `commit`. */
export interface CacheWriter {
  /** Writes one chunk; `false` when it could not (the write is then abandoned). */
  write(chunk: Uint8Array): boolean;
  /** Renames the new file over the old one; whether it did. */
  commit(): boolean;
  /** Abandons the write: the new file is removed, the old one untouched. */
  abort(): void;
}

/**
 * Starts writing the index file: a new file in the cache folder (made if need be, `0700`),
 * created exclusively (`0600`), never through a link. `null` when it cannot be (the reason in
 * `onProblem`). Chunks are written as they come, so the index is never one buffer in memory.
 */
export function startCacheWrite(file: CacheFile, onProblem: (reason: string) => void = () => {}): CacheWriter | null {
  try {
    mkdirSync(file.dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    onProblem(`the folder cannot be made (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    return null;
  }
  const dir = checkDirectory(file.dir);
  if (dir !== null) {
    onProblem(dir);
    return null;
  }
  removeStaleTemps(file);
  // The writer's process id in the name: a temporary file of a writer that was killed goes at the next write.
  const temp = `${file.path}.${OWN_PID || 'x'}.${randomBytes(8).toString('hex')}.tmp`;
  let fd: number;
  try {
    fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
  } catch (error) {
    onProblem(`a new file cannot be made there (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    return null;
  }
  let written = 0;
  let open = true;
  const abort = () => {
    if (open) closeSync(fd);
    open = false;
    rmSync(temp, { force: true });
  };
  return {
    write: (chunk) => {
      if (!open) return false;
      try {
        written += chunk.length;
        if (written > MAX_CACHE_BYTES) throw Object.assign(new Error('too large'), { code: 'EFBIG' });
        for (let at = 0; at < chunk.length; ) at += writeSync(fd, chunk, at, chunk.length - at);
        return true;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        onProblem(code === 'EFBIG' ? `the index would be larger than ${MAX_CACHE_BYTES} bytes` : `it cannot be written (${code ?? String(error)})`);
        abort();
        return false;
      }
    },
    commit: () => {
      if (!open) return false;
      try {
        closeSync(fd);
        open = false;
        renameSync(temp, file.path);
        return true;
      } catch (error) {
        onProblem(`it cannot be written (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
        abort();
        return false;
      }
    },
    abort,
  };
}

/** Writes the index file from `chunks` at once (`startCacheWrite`, every chunk, `commit`); whether it was written. */
export function writeCacheFile(file: CacheFile, chunks: Iterable<Uint8Array>, onProblem: (reason: string) => void = () => {}): boolean {
  const writer = startCacheWrite(file, onProblem);
  if (writer === null) return false;
  for (const chunk of chunks) if (!writer.write(chunk)) return false;
  return writer.commit();
}

/** Removes the workspace's index file and its writers' temporary files; whether there was one. */
export function removeCacheFile(file: CacheFile): boolean {
  if (checkDirectory(file.dir) !== null) return false;
  let found: boolean;
  try {
    lstatSync(file.path);
    found = true;
  } catch {
    found = false;
  }
  // A symbolic link in its place is removed, never followed.
  rmSync(file.path, { force: true });
  for (const temp of temps(file)) rmSync(join(file.dir, temp), { force: true });
  return found;
}

/** The size of the index file, or `null` when there is none. */
export function cacheFileSize(file: CacheFile): number | null {
  try {
    const stats = lstatSync(file.path);
    return stats.isFile() ? stats.size : null;
  } catch {
    return null;
  }
}

function temps(file: CacheFile): string[] {
  const prefix = `${file.path.slice(file.dir.length + 1)}.`;
  try {
    return readdirSync(file.dir).filter((name) => name.startsWith(prefix) && name.endsWith('.tmp'));
  } catch {
    return [];
  }
}

/**
 * Temporary files of writers stopped before their rename (a kill): removed when their writer's
 * process is gone, or once they are old (where processes cannot be looked up).
 */
function removeStaleTemps(file: CacheFile): void {
  const now = Date.now();
  const prefix = `${file.path.slice(file.dir.length + 1)}.`;
  for (const name of temps(file)) {
    try {
      const pid = name.slice(prefix.length).split('.')[0] ?? '';
      const stats = lstatSync(join(file.dir, name));
      if (stats.isFile() && (processGone(pid) || now - stats.mtimeMs > STALE_TEMP_MS)) rmSync(join(file.dir, name), { force: true });
    } catch {
      // Gone meanwhile.
    }
  }
}

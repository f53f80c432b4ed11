/**
 * A folder of the user's alone, for what DocuGraph keeps between runs (the on-disk index, the
 * user's secret): it is used only when it is the user's (or root's), a real folder (never a
 * symbolic link) no one else may write to, and so is every folder above it up to the user's
 * home (a folder others may write to counts when its sticky bit keeps them from replacing what
 * is in it, as `/tmp`'s does) — another user cannot plant an index there (issue 53).
 *
 * The user's secret (32 random bytes in the user's own cache folder, never in a repository)
 * signs what an index keeps besides the files (store/index-snapshot.ts): an index someone else
 * wrote is still a cache of files, each entry checked against the disk, but its kept answers
 * are worked out again.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, linkSync, lstatSync, mkdirSync, openSync, readSync, realpathSync, rmSync, statSync, writeSync } from 'node:fs';
import { homedir, platform, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { OWN_PID } from './own-process.js';

/** Why the cache folder cannot be used (`missing` when it is not there), or `null`: a real folder of this user's that only they may write to, in folders no one else may change. */
export function checkDirectory(dir: string): string | null {
  let stats;
  try {
    stats = lstatSync(dir);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : `its folder cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  }
  if (stats.isSymbolicLink()) return `its folder ${dir} is a symbolic link`;
  if (!stats.isDirectory()) return `${dir} is not a folder`;
  if (platform() === 'win32') return null;
  const uid = ownUid();
  // A folder of another user's, or one others may write to, could hold an index someone else planted.
  if (uid !== null && stats.uid !== uid && stats.uid !== 0) return `its folder ${dir} belongs to another user (uid ${stats.uid}); use a cache folder of your own (XDG_CACHE_HOME)`;
  if ((stats.mode & 0o022) !== 0) return `its folder ${dir} can be written by other users (make it yours alone: chmod 700)`;
  return uid === null ? null : unsafeAbove(dir, uid);
}

let uidKnown: number | null | undefined;
/** This process's user id (effective), or `null` where there is none to compare. */
function ownUid(): number | null {
  if (uidKnown !== undefined) return uidKnown;
  try {
    const { uid } = userInfo();
    uidKnown = uid >= 0 ? uid : null;
  } catch {
    uidKnown = null;
  }
  return uidKnown;
}

/**
 * Why a folder above `dir` (as it really is: symbolic links resolved) lets someone else change
 * what `dir` holds, or `null`: each up to the user's home (or the root of the filesystem) must
 * be the user's or root's, and not writable by others unless its sticky bit is set.
 */
function unsafeAbove(dir: string, uid: number): string | null {
  let at: string;
  let home: string | null;
  try {
    at = realpathSync(dirname(dir));
  } catch (error) {
    return `the folder above ${dir} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  }
  try {
    home = realpathSync(homedir());
  } catch {
    home = null;
  }
  for (;;) {
    let stats;
    try {
      stats = statSync(at);
    } catch (error) {
      return `the folder ${at} above it cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
    }
    if (stats.uid !== uid && stats.uid !== 0) return `the folder ${at} above it belongs to another user (uid ${stats.uid}); use a cache folder of your own (XDG_CACHE_HOME)`;
    if ((stats.mode & 0o022) !== 0 && (stats.mode & 0o1000) === 0) return `the folder ${at} above it can be written by other users`;
    const up = dirname(at);
    if (at === home || up === at) return null;
    at = up;
  }
}

/** The name of the user's secret in their cache folder. */
const SECRET_NAME = 'secret.key';
const SECRET_BYTES = 32;
const secrets = new Map<string, Uint8Array | null>();

/**
 * The user's secret, kept in `dir` (their own cache folder, made if need be): 32 random bytes,
 * made once (created exclusively, `0600`) and read after; `null` when the folder or the file is
 * not the user's alone (the reason in `onProblem`). Read once per folder per process.
 */
export function userSecret(dir: string, onProblem: (reason: string) => void = () => {}): Uint8Array | null {
  const known = secrets.get(dir);
  if (known !== undefined) return known;
  const secret = readOrMakeSecret(dir, onProblem);
  secrets.set(dir, secret);
  return secret;
}

function readOrMakeSecret(dir: string, onProblem: (reason: string) => void): Uint8Array | null {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    onProblem(`the folder ${dir} cannot be made (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    return null;
  }
  const problem = checkDirectory(dir);
  if (problem !== null) {
    onProblem(problem);
    return null;
  }
  const path = join(dir, SECRET_NAME);
  for (let tries = 0; tries < 2; tries += 1) {
    const read = readSecret(path);
    if (read !== 'missing') {
      if (typeof read === 'string') onProblem(`${path} ${read}`);
      return typeof read === 'string' ? null : read;
    }
    // Made whole beside it, then linked to its name (which fails when another process made one meanwhile: that one is read).
    const temp = `${path}.${OWN_PID || 'x'}.${randomBytes(8).toString('hex')}.tmp`;
    try {
      const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
      try {
        writeSync(fd, randomBytes(SECRET_BYTES));
      } finally {
        closeSync(fd);
      }
      linkSync(temp, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        onProblem(`${path} cannot be made (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
        return null;
      }
    } finally {
      rmSync(temp, { force: true });
    }
  }
  return null;
}

/** The secret at `path`, `'missing'`, or why it is not one (not a regular file of this user's alone, of 32 bytes). */
function readSecret(path: string): Uint8Array | 'missing' | string {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'missing' : code === 'ELOOP' ? 'is a symbolic link' : `cannot be read (${code ?? 'error'})`;
  }
  try {
    const stats = fstatSync(fd);
    const uid = ownUid();
    if (!stats.isFile() || stats.size !== SECRET_BYTES) return 'is not a secret DocuGraph made (32 bytes): remove it to have a new one made';
    if (platform() !== 'win32' && ((uid !== null && stats.uid !== uid) || (stats.mode & 0o077) !== 0)) return 'can be read by other users: remove it to have a new one made';
    const bytes = Buffer.alloc(SECRET_BYTES);
    return readSync(fd, bytes, 0, SECRET_BYTES, 0) === SECRET_BYTES ? bytes : 'cannot be read whole';
  } catch (error) {
    return `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  } finally {
    closeSync(fd);
  }
}

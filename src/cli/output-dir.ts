/**
 * The folder a command writes into (`view --out`, `init`): made with its missing parents, one
 * `mkdir` at a time, the nearest existing ancestor first — not `mkdirSync(dir, { recursive:
 * true })`, which on Linux's /proc (where `mkdir` answers ENOENT under a directory that exists)
 * retries forever at full CPU. A target that cannot be a folder is one `docugraph:` line
 * (exit 2) that says why, never a stack trace.
 */
import { lstatSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { InvalidArgumentError } from '../core/index.js';
import { safeInline } from './render/safe-text.js';

/** What is at `path` without following a link: `null` when nothing is. */
export function entryAt(path: string): 'link' | 'directory' | 'other' | null {
  try {
    const stats = lstatSync(path);
    return stats.isSymbolicLink() ? 'link' : stats.isDirectory() ? 'directory' : 'other';
  } catch {
    return null;
  }
}

/** Makes `dir` (and its missing parents); throws a usage error (exit 2) naming why it cannot be a folder to write into. */
export function prepareDirectory(dir: string): void {
  const missing: string[] = [];
  let at = dir;
  for (; entryAt(at) === null; at = dirname(at)) {
    if (dirname(at) === at) break;
    missing.push(at);
  }
  const found = entryAt(at);
  if (found === 'other') throw cannotWrite(dir, at === dir ? 'it is a file, not a folder' : `\`${at}\` is a file, not a folder`);
  if (found === 'link' && at !== dir) throw cannotWrite(dir, `\`${at}\` is a symbolic link, which DocuGraph never writes through`);
  if (found === 'link') throw cannotWrite(dir, 'it is a symbolic link, which DocuGraph never writes through');
  for (let i = missing.length - 1; i >= 0; i -= 1) {
    try {
      mkdirSync(missing[i]!);
    } catch (error) {
      throw cannotWrite(dir, reasonOf(error));
    }
  }
}

/** The usage error of a target folder that cannot be written into, for `why`. */
export function cannotWrite(dir: string, why: string): InvalidArgumentError {
  return new InvalidArgumentError(`cannot write into ${safeInline(dir)}: ${why}; pick a folder you can write to.`);
}

/** A system error in words: its code, and what it usually means. */
export function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code ?? 'an error';
  const meaning: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'the system does not allow it',
    EROFS: 'the filesystem is read-only',
    ENOENT: 'no folder can be made there',
    ENOTDIR: 'a part of the path is not a folder',
    ENOSPC: 'the disk is full',
    EEXIST: 'something is already there',
  };
  return meaning[code] === undefined ? `the system refused (${code})` : `${meaning[code]} (${code})`;
}

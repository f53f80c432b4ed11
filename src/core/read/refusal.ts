/**
 * Why a path under the root is not read (read/safe-fs.ts): a refusal with its code and the
 * words that complete "`path` cannot be read: …".
 */
import type { Stats } from 'node:fs';
import { formatBytes } from '../shared/cap.js';

/** Why a path under the root could not be read, in words for a message, and the error code. */
export interface Refusal {
  readonly ok: false;
  /** `ENOENT` when the path does not exist; otherwise why it was refused. */
  readonly code: string;
  /** Completes "`path` cannot be read: …". */
  readonly reason: string;
}

/** Why what was opened is not a regular file, in words. */
export function notRegular(stats: Stats): string {
  const kind = stats.isDirectory() ? 'a directory' : stats.isFIFO() ? 'a FIFO' : stats.isSocket() ? 'a socket' : stats.isCharacterDevice() || stats.isBlockDevice() ? 'a device' : 'not a regular file';
  return `it is ${kind}, not a regular file`;
}

/** Why a file larger than `maxBytes` is not read. */
export function tooLarge(maxBytes: number): Refusal {
  return { ok: false, code: 'EFBIG', reason: `it is larger than ${formatBytes(maxBytes)}, the most DocuGraph reads` };
}

/** Why a symbolic link (or a path through one) is not read. */
export function linkRefusal(): Refusal {
  return { ok: false, code: 'ELOOP', reason: 'it is (or its path runs through) a symbolic link, which DocuGraph never follows' };
}

/** The refusal for a system error (`ENOENT`, `ELOOP`, …). */
export function refusal(error: unknown): Refusal {
  const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
  if (code === 'ELOOP' || code === 'EMLINK') return linkRefusal();
  if (code === 'ENOENT') return { ok: false, code, reason: 'it does not exist' };
  if (code === 'ENOTDIR') return { ok: false, code, reason: 'a part of its path is not a directory' };
  return { ok: false, code, reason: `the system refused (${code})` };
}


/**
 * What identifies one version of a file on disk, and whether the file there now is that version.
 */
import { lstatSync, type Stats } from 'node:fs';
import { join } from 'node:path';

/** What identifies one version of a file on disk: when any part differs, the file is read again. */
export interface Stamp {
  readonly size: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  readonly ino: number;
}

/** The stamp of the file at `file` now (without following a final link), or `null` when it is gone. */
export function currentStamp(root: string, file: string): Stamp | null {
  try {
    return stampOf(lstatSync(join(root, file)));
  } catch {
    return null;
  }
}

export function sameStamp(a: Stamp | null, b: Stamp | null): boolean {
  return a !== null && b !== null && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino;
}

export function stampOf(stats: Stats): Stamp {
  return { size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, ino: stats.ino };
}

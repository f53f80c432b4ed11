/**
 * Reading and analysing the discovered files.
 */
import { isAscii } from 'node:buffer';
import { lstatSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { analyzeFile, analyzeText, unreadable, type FileAnalysis } from './analyze-file.js';
import { DEFAULT_CONFIG, type NodeConfig } from './config-types.js';
import { normalizeNewlines } from './normalize-text.js';
import { openDirectoryInside, readFileInside, type DirectoryHandle, type ReadResult } from './safe-fs.js';

/** The largest Markdown file read (a document is a few KiB; a generated changelog a few MiB). */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

/** What identifies one version of a file on disk: when any part differs, the file is read again. */
export interface Stamp {
  readonly size: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  readonly ino: number;
}

/** A file's analysis with the stamp of the version read (`null` when it could not be opened). */
export interface ReadFile {
  readonly analysis: FileAnalysis;
  readonly stamp: Stamp | null;
  /** Whether the file was not there any more (it was deleted or renamed after it was listed). */
  readonly missing: boolean;
}

/**
 * Reads one file (never through a symbolic link, regular files only, at most 16 MiB) and
 * analyses it; a file that cannot be read is a `FILE_UNREADABLE` finding.
 */
export function readAndAnalyze(root: string, file: string): FileAnalysis {
  return readFile(root, file).analysis;
}

/** `readAndAnalyze`, with the stamp of what was read; `config` says which keys hold the fields. */
export function readFile(root: string, file: string, config: NodeConfig = DEFAULT_CONFIG): ReadFile {
  // Transient: the bytes are decoded at once, so every document is read into one buffer.
  return analyzeRead(file, readFileInside(root, file, MAX_FILE_BYTES, true), config);
}

function analyzeRead(file: string, read: ReadResult, config: NodeConfig): ReadFile {
  if (!read.ok) return { analysis: unreadable(file, `\`${file}\` cannot be read: ${read.reason}; fix it or add it to .docugraphignore`), stamp: null, missing: read.code === 'ENOENT' };
  return { analysis: analyzeFile(file, read.bytes, config), stamp: stampOf(read.stats), missing: false };
}

/** Reads files one after another as `readFile` does; `close` when done. */
export interface FileReader {
  /**
   * Reads `files[from]` and the files after it, in order, until about `BATCH_BYTES` of them are
   * read (at least one file): what `readFile` gives for each, file by file.
   */
  readonly readMany: (files: readonly string[], from: number) => ReadFile[];
  readonly close: () => void;
}

/**
 * How many bytes of ASCII documents `readMany` decodes as one string. Each file's text is then a
 * slice of it: one string of this size is born in V8's large-object space, which its young
 * collections never copy, where a string per file (a few KiB each) was copied twice — to the
 * survivor space, then to the old generation — since a load keeps every text (0.4 s of
 * collections at 100k documents).
 */
export const BATCH_BYTES = 256 * 1024;

/**
 * A `FileReader` that opens each directory once for the files of it read one after another (a
 * load reads them grouped so): one check of the directory instead of one of each file's path.
 * Where that is not possible, each file is read with `readFileInside`; the answers are the same.
 */
export function createFileReader(root: string, config: NodeConfig = DEFAULT_CONFIG): FileReader {
  let dir: DirectoryHandle | null = null;
  let dirPath: string | null = null;
  /** The file's bytes, valid until the next read. */
  const readBytes = (file: string): ReadResult => {
    const slash = file.lastIndexOf('/');
    const parent = slash === -1 ? '' : file.slice(0, slash);
    if (parent !== dirPath) {
      dir?.close();
      dir = openDirectoryInside(root, parent);
      dirPath = parent;
    }
    if (dir === null) return readFileInside(root, file, MAX_FILE_BYTES, true);
    return dir.read(file.slice(slash + 1), MAX_FILE_BYTES, true);
  };
  let arena: Buffer | null = null;
  return {
    readMany: (files, from) => {
      arena ??= Buffer.allocUnsafe(BATCH_BYTES);
      const out: ReadFile[] = [];
      // ASCII files wait in the arena: their place in `out`, their bytes' range, their stats.
      const waiting: { at: number; file: string; start: number; end: number; stats: Stats }[] = [];
      let used = 0;
      // The batch ends with the file that fills the arena or would overflow it (that one is decoded alone).
      for (let i = from, full = false; i < files.length && !full; i += 1) {
        const file = files[i]!;
        const read = readBytes(file);
        full = read.ok && read.bytes.length >= BATCH_BYTES - used;
        // ASCII bytes are their own UTF-8 decoding, one character each, and hold no BOM.
        if (read.ok && read.bytes.length <= BATCH_BYTES - used && isAscii(read.bytes)) {
          arena.set(read.bytes, used);
          waiting.push({ at: out.length, file, start: used, end: used + read.bytes.length, stats: read.stats });
          used += read.bytes.length;
          out.push(NOT_YET);
        } else {
          out.push(analyzeRead(file, read, config));
        }
      }
      const text = arena.toString('latin1', 0, used);
      for (const { at, file, start, end, stats } of waiting) out[at] = { analysis: analyzeText(file, normalizeNewlines(text.slice(start, end)), config), stamp: stampOf(stats), missing: false };
      return out;
    },
    close: () => {
      dir?.close();
      dir = null;
      dirPath = null;
    },
  };
}

/** A place in `readMany`'s answer that its file's text will fill. */
const NOT_YET: ReadFile = { analysis: unreadable('', ''), stamp: null, missing: false };

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

function stampOf(stats: Stats): Stamp {
  return { size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, ino: stats.ino };
}

/** Reads and analyses `files` in order, reporting progress after each. */
export function analyzeAll(root: string, files: readonly string[], onProgress?: (done: number, total: number) => void): FileAnalysis[] {
  return files.map((file, index) => {
    const analysis = readAndAnalyze(root, file);
    onProgress?.(index + 1, files.length);
    return analysis;
  });
}

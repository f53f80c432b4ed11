/**
 * Reading and analysing the discovered files.
 */
import { createHash } from 'node:crypto';
import { isAscii } from 'node:buffer';
import { availableParallelism } from 'node:os';
import { analyzeFile, analyzeText, unreadable, type EarlyMarkdown, type FileAnalysis } from './analyze-file.js';
import { DEFAULT_CONFIG, type NodeConfig } from '../shared/config-types.js';
import { normalizeNewlines } from '../shared/normalize-text.js';
import { prestartMarkdownAhead, startMarkdownAhead, type MarkdownAhead, type MarkdownAheadStart } from '../parse/markdown-ahead.js';
import { prestartReadAhead, RECORD, READ_AHEAD_MIN_FILES, startReadAhead, type AheadBatch, type ReadAhead, type ReadAheadStart } from '../read/read-ahead.js';
import { createByteReader, MAX_FILE_BYTES } from '../read/read-bytes.js';
import type { FileBytes } from '../read/discover-files.js';
import { readFileInside, type ReadResult } from '../read/safe-fs.js';
import { stampOf, type Stamp } from './file-stamp.js';

export { MAX_FILE_BYTES } from '../read/read-bytes.js';

/** A file's analysis with the stamp of the version read (`null` when it could not be opened). */
export interface ReadFile {
  readonly analysis: FileAnalysis;
  readonly stamp: Stamp | null;
  /** Whether the file was not there any more (it was deleted or renamed after it was listed). */
  readonly missing: boolean;
  /** The git blob id of the bytes analysed (`ReadAheadOptions.blobIds`): `diff` reuses the analysis where a revision holds the same blob. */
  readonly blob?: string;
}

/** Git's id of a blob of `bytes` (SHA-1 of `blob <size>\0` and the bytes): the bytes a revision holds under that id. */
export function blobId(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** `read` with the blob id of `bytes` when `blobs` asks for it. */
function withBlob(read: ReadFile, bytes: Uint8Array | null, blobs: boolean): ReadFile {
  return blobs && bytes !== null ? { ...read, blob: blobId(bytes) } : read;
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

function analyzeRead(file: string, read: ReadResult, config: NodeConfig, blobs = false): ReadFile {
  return withBlob({ analysis: analyzeBytes(file, read, config), stamp: read.ok ? stampOf(read.stats) : null, missing: !read.ok && read.code === 'ENOENT' }, read.ok ? read.bytes : null, blobs);
}

/** Analyses a file from its bytes, or is its `FILE_UNREADABLE` finding when they could not be read. */
export function analyzeBytes(file: string, read: FileBytes, config: NodeConfig): FileAnalysis {
  if (!read.ok) return unreadable(file, `\`${file}\` cannot be read: ${read.reason}; fix it or add it to .docugraphignore`);
  return analyzeFile(file, read.bytes, config);
}

export interface FileReader {
  /**
   * Reads `files[from]` and the files after it, in order, until about `BATCH_BYTES` of them are
   * read (at least one file): what `readFile` gives for each, file by file. A first call for a
   * list of `READ_AHEAD_MIN_FILES` or more reads the list ahead on a worker thread.
   */
  readonly readMany: (files: readonly string[], from: number) => ReadFile[];
  /** How many batches the read-ahead worker gave (0: everything was read on this thread). */
  readonly aheadBatches: () => number;
  /** How many documents' Markdown the Markdown worker gave so far (the others were extracted on this thread). */
  readonly earlyMarkdown: () => number;
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

/** How a reader reads ahead (tests): the workers' scripts (`null`: no Markdown worker), from how many files (`Infinity`: never). */
export interface ReadAheadOptions {
  /** Give each file read its git blob id (`ReadFile.blob`). */
  readonly blobIds?: boolean;
  readonly workerUrl?: URL;
  readonly markdownWorkerUrl?: URL | null;
  readonly minFiles?: number;
  /** Workers started while the walk listed the folders (`readersFor`): used for a list of `minFiles` or more, else stopped. */
  readonly started?: StartedReaders;
}

/** The two workers of a read-ahead, started before the read list is known. */
export interface StartedReaders {
  readonly read: ReadAheadStart;
  readonly markdown: MarkdownAheadStart | null;
}

/**
 * For a first load without an on-disk index, once its walk has found `found` files (at least
 * `READ_AHEAD_MIN_FILES`): the read-ahead and Markdown workers of `root`, started while the walk
 * goes on (started at the first read, the main thread read a quarter of 10,000 files before their
 * first batch). `undefined` until then; `null` on one processor or when none can be started.
 */
export function readersFor(root: string, found: number, scripts?: { readonly read: URL; readonly markdown: URL }): StartedReaders | null | undefined {
  if (found < READ_AHEAD_MIN_FILES) return undefined;
  if (availableParallelism() < 2) return null;
  const read = prestartReadAhead(root, BATCH_BYTES, scripts?.read);
  return read === null ? null : { read, markdown: prestartMarkdownAhead(scripts?.markdown) };
}

/** Reads files one after another as `readFile` does; `close` when done. */
export function createFileReader(root: string, config: NodeConfig = DEFAULT_CONFIG, ahead: ReadAheadOptions = {}): FileReader {
  const bytes = createByteReader(root);
  const blobs = ahead.blobIds === true;
  let arena: Buffer | null = null;
  let stream: ReadAhead | null = null;
  let markdown: MarkdownAhead | null = null;
  /** The list the Markdown worker was begun for: it knows files by their index in it (a later list, a load's re-read of vanished files, is not its). */
  let markdownFiles: readonly string[] | null = null;
  // With one processor, a worker only takes turns with the main thread.
  const minFiles = ahead.minFiles ?? (availableParallelism() > 1 ? READ_AHEAD_MIN_FILES : Number.POSITIVE_INFINITY);
  let aheadBatches = 0;
  let earlyMarkdown = 0;
  /** Workers started before the list was known, until the first read uses them or not. */
  let unused = ahead.started ?? null;
  const stopUnused = (): void => {
    unused?.read.close();
    unused?.markdown?.close();
    unused = null;
  };

  /**
   * A batch the worker read, from file `from` on (the files before it in the batch were read
   * here): its ASCII files decoded together, the others one by one, those it left read here.
   */
  const fromBatch = (files: readonly string[], from: number, batch: AheadBatch): ReadFile[] => {
    const out: ReadFile[] = [];
    const { meta } = batch;
    const data = Buffer.from(batch.bytes.buffer, batch.bytes.byteOffset, batch.bytes.byteLength);
    const waiting: Waiting[] = [];
    // A whole batch goes on to the Markdown worker; a batch begun here does not (rare: only while the worker starts).
    const whole = batch.first === from;
    for (let k = (from - batch.first) * RECORD; k < meta.length; k += RECORD) {
      const index = batch.first + k / RECORD;
      const file = files[index]!;
      const start = meta[k]!;
      if (start < 0) {
        out.push(analyzeRead(file, bytes.read(file), config, blobs));
        continue;
      }
      const end = meta[k + 1]!;
      const stamp: Stamp = { size: meta[k + 2]!, mtimeMs: meta[k + 3]!, ctimeMs: meta[k + 4]!, ino: meta[k + 5]! };
      const own = data.subarray(start, end);
      const early = whole ? markdownOf(index) : undefined;
      if (isAscii(own)) {
        waiting.push({ at: out.length, file, start, end, stamp, early });
        out.push(NOT_YET);
      } else {
        out.push(withBlob({ analysis: analyzeFile(file, own, config, early), stamp, missing: false }, own, blobs));
      }
    }
    // (A non-ASCII file's bytes in the batch are decoded with the rest, and left unused.)
    settle(out, data, waiting, config, blobs);
    // Decoded: the bytes go on to the Markdown worker.
    if (whole) markdown?.give(batch);
    return out;
  };
  /** Where the Markdown worker will put the Markdown of file `index` of the read list. */
  const markdownOf = (index: number): EarlyMarkdown | undefined => {
    const worker = markdown;
    if (worker === null) return undefined;
    return () => {
      const info = worker.take(index);
      if (info !== undefined) earlyMarkdown += 1;
      return info;
    };
  };

  return {
    readMany: (files, from) => {
      if (from === 0 && stream === null && files.length >= minFiles) {
        const started = unused;
        unused = null;
        if (started !== null) {
          stream = started.read.begin(files);
          markdown = started.markdown?.begin(files.length) ?? null;
          markdownFiles = files;
        } else {
          stream = startReadAhead(root, files, BATCH_BYTES, ahead.workerUrl);
          if (stream !== null && ahead.markdownWorkerUrl !== null) (markdown = startMarkdownAhead(files.length, ahead.markdownWorkerUrl)), (markdownFiles = files);
        }
      }
      stopUnused();
      const reading = stream !== null && stream.files === files ? stream : null;
      const batch = reading?.take(from) ?? null;
      if (batch !== null) {
        aheadBatches += 1;
        return fromBatch(files, from, batch);
      }
      arena ??= Buffer.allocUnsafe(BATCH_BYTES);
      // Read here, the batch's ASCII files go on to the Markdown worker too (while the read-ahead worker starts, a tenth of a large load or more).
      const early = markdown === null || files !== markdownFiles ? undefined : markdownOf;
      const out: ReadFile[] = [];
      // ASCII files wait in the arena.
      const waiting: Waiting[] = [];
      let used = 0;
      // Every file's bytes count towards the batch, those decoded alone too (else a workspace of
      // UTF-8 documents would be read in one batch, and never ahead).
      let total = 0;
      // The batch ends with the file that fills the arena or would overflow it (that one is decoded alone).
      for (let i = from, full = false; i < files.length && !full; i += 1) {
        const file = files[i]!;
        const read = bytes.read(file);
        if (read.ok) total += read.bytes.length;
        full = read.ok && (read.bytes.length >= BATCH_BYTES - used || total >= BATCH_BYTES);
        // ASCII bytes are their own UTF-8 decoding, one character each, and hold no BOM.
        if (read.ok && read.bytes.length <= BATCH_BYTES - used && isAscii(read.bytes)) {
          arena.set(read.bytes, used);
          waiting.push({ at: out.length, file, start: used, end: used + read.bytes.length, stamp: stampOf(read.stats), early: early?.(i) });
          used += read.bytes.length;
          out.push(NOT_YET);
        } else {
          out.push(analyzeRead(file, read, config, blobs));
        }
      }
      settle(out, arena, waiting, config, blobs);
      if (early !== undefined && waiting.length > 0) markdown?.give(copiedBatch(from, out.length, arena, waiting));
      // The worker had not read them yet (it is starting, or it stopped): it skips them.
      reading?.claim(from + out.length);
      return out;
    },
    aheadBatches: () => aheadBatches,
    earlyMarkdown: () => earlyMarkdown,
    close: () => {
      stopUnused();
      stream?.close();
      stream = null;
      // The worker finishes the batches it has; what it sends is still taken.
      markdown?.end();
      markdown = null;
      bytes.close();
    },
  };
}

/** An ASCII file waiting in a batch's bytes: its place in `readMany`'s answer, its bytes' range, its stamp, where its Markdown may come from. */
interface Waiting {
  readonly at: number;
  readonly file: string;
  readonly start: number;
  readonly end: number;
  readonly stamp: Stamp;
  readonly early: EarlyMarkdown | undefined;
}

/** Decodes the ASCII files waiting in `bytes` together, as one string (see `BATCH_BYTES`), and fills their places in `out`. */
function settle(out: ReadFile[], bytes: Buffer, waiting: readonly Waiting[], config: NodeConfig, blobs: boolean): void {
  if (waiting.length === 0) return;
  const text = bytes.toString('latin1', 0, waiting[waiting.length - 1]!.end);
  for (const { at, file, start, end, stamp, early } of waiting) {
    out[at] = withBlob({ analysis: analyzeText(file, normalizeNewlines(text.slice(start, end)), config, early), stamp, missing: false }, bytes.subarray(start, end), blobs);
  }
}

/**
 * The ASCII files of a batch read on this thread as the Markdown worker takes a batch: their
 * bytes copied out of the arena (which the next batch reuses), and for each of the `count` files
 * from `first` on its range in them (the others' start is -1: the worker skips them).
 */
function copiedBatch(first: number, count: number, arena: Buffer, waiting: readonly Waiting[]): AheadBatch {
  const bytes = new Uint8Array(waiting[waiting.length - 1]!.end);
  bytes.set(arena.subarray(0, bytes.length));
  const meta = new Float64Array(count * RECORD).fill(-1);
  for (const { at, start, end } of waiting) (meta[at * RECORD] = start), (meta[at * RECORD + 1] = end);
  return { first, bytes, meta };
}

/** A place in `readMany`'s answer that its file's text will fill. */
const NOT_YET: ReadFile = { analysis: unreadable('', ''), stamp: null, missing: false };

/** Reads and analyses `files` in order, reporting progress after each. */
export function analyzeAll(root: string, files: readonly string[], onProgress?: (done: number, total: number) => void): FileAnalysis[] {
  return files.map((file, index) => {
    const analysis = readAndAnalyze(root, file);
    onProgress?.(index + 1, files.length);
    return analysis;
  });
}

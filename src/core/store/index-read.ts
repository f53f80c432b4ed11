/**
 * Reading the on-disk index ahead (issue 38). At 100,000 files the index is some 335 MB: reading
 * it and checking its checksums cost the main thread about 0.6 s, while the walk that comes
 * first (listing every folder) needs nothing from it. A worker thread reads it meanwhile, the
 * way the main thread would (`readIndexFile`: never through a link, a regular file, bounded),
 * checks every record's checksum, and hands the bytes over without a copy (a file that fails a
 * check is handed over unchecked: decoding it says what is wrong, as always).
 *
 * A large index is read but for its chunks' texts (243 of its 335 MB at 100,000 files: read
 * whole, they took the worker 0.2 s of a core that the walk and the stat worker were using too,
 * for a first answer that reads none). They are read from the file when first asked for
 * (index-texts.ts), each chunk's checksum checked then. The worker's open of the file closes
 * with it, so the main thread opens the file again and uses it only when it is the very file
 * the worker read (device, inode, size): an index is never written in place, so its bytes are
 * those the worker read.
 *
 * The main thread waits for the worker only when it needs the bytes and the worker has not sent
 * them yet, while it would otherwise be reading them itself. A worker that cannot start, does
 * not start running within `START_MS`, or sends nothing in `WAIT_MS`, only means that the main
 * thread reads the file itself.
 */
import { closeSync, lstatSync } from 'node:fs';
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { openCacheFile, readOpened, type CacheFile } from '../read/cache-file.js';
import { startWorker } from '../read/read-ahead.js';
import { isChunkTexts, readFront, type FrontIndex, type LazyRecord } from './index-frame.js';

/** Below this size, the index is read by the main thread (a worker's start-up would cost more than it saves). */
export const READ_AHEAD_MIN_BYTES = 16 * 1024 * 1024;
/**
 * From this size on, the chunks' texts stay on the disk until something reads them (a bundle, a
 * body): at 100,000 files they are 243 of the index's 336 MB, which a start that answers a
 * listing never reads. Below it the index is read whole, as a smaller one costs little.
 */
export const LAZY_TEXTS_MIN_BYTES = 16 * 1024 * 1024;

/** The index as read: whole, or (a large one) all but its texts with the file left open for them. */
export type IndexBytes =
  | { readonly ok: true; readonly bytes: Buffer; readonly front?: undefined }
  | { readonly ok: true; readonly front: FrontIndex; readonly dev: bigint; readonly ino: bigint; readonly bytes?: undefined }
  | { readonly ok: false; readonly missing: boolean; readonly reason: string };

/**
 * Reads the index as `readCacheFile` does (never through a link, a regular file, bounded): whole
 * when it is smaller than `lazyFrom` bytes, else all but the chunks' texts, its records'
 * checksums checked (`FrontIndex`: the caller closes its file).
 */
export function readIndexFile(file: CacheFile, lazyFrom = LAZY_TEXTS_MIN_BYTES): IndexBytes {
  const opened = openCacheFile(file);
  if (!opened.ok) return opened;
  if (opened.size < lazyFrom) return readOpened(opened.fd, opened.size);
  let front;
  try {
    front = readFront(opened.fd, opened.size, isChunkTexts);
  } catch (error) {
    front = { ok: false as const, reason: `it cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  if (front.ok) return { ok: true, front: front.front, dev: opened.dev, ino: opened.ino };
  closeSync(opened.fd);
  return { ok: false, missing: false, reason: front.reason };
}

/**
 * The front a worker read (its own open of the file closed with it) on this thread's open of the
 * same file; `null` when the file is another one by now (a new index renamed over it).
 */
function frontHere(file: CacheFile, message: { readonly payloads: readonly (Uint8Array | LazyRecord)[]; readonly size: number; readonly dev: bigint; readonly ino: bigint }): IndexBytes | null {
  const opened = openCacheFile(file);
  if (!opened.ok) return null;
  if (opened.dev !== message.dev || opened.ino !== message.ino || opened.size !== message.size) {
    closeSync(opened.fd);
    return null;
  }
  const payloads = message.payloads.map((p) => (p instanceof Uint8Array ? Buffer.from(p.buffer, p.byteOffset, p.byteLength) : p));
  return { ok: true, front: { payloads, size: message.size, fd: opened.fd }, dev: opened.dev, ino: opened.ino };
}

/** The index read on this thread (`readIndexFile`): a front's checksums are checked as it is read, a whole file's by the decoder. */
export function readIndexHere(file: CacheFile, lazyFrom?: number): ReadIndex {
  const read = readIndexFile(file, lazyFrom);
  return { read, checked: read.ok && read.front !== undefined };
}

/** The worker's flag: not started yet, reading, its message sent. */
export const STARTING = 0;
export const READING = 1;
export const SENT = 2;
/** How long the main thread waits for the worker to start (a worker that cannot load its script never does), then for its message, before it reads the file itself. */
const START_MS = 5_000;
const WAIT_MS = 120_000;

/** What the main thread gives the worker. */
export interface IndexReadData {
  readonly file: CacheFile;
  /** One 32-bit flag (notified at each change): `READING` once the worker runs, `SENT` once its message is sent. */
  readonly control: SharedArrayBuffer;
  readonly port: MessagePort;
  /** `readIndexFile`'s `lazyFrom`. */
  readonly lazyFrom: number;
}

/** What the worker sends: the file read whole and whether it found every checksum right (if not, decoding says why), or why it could not read it. */
export type IndexReadMessage =
  | { readonly ok: true; readonly bytes: Uint8Array; readonly checked: boolean }
  | { readonly ok: true; readonly payloads: readonly (Uint8Array | LazyRecord)[]; readonly size: number; readonly dev: bigint; readonly ino: bigint }
  | { readonly ok: false; readonly missing: boolean; readonly reason: string };

/** The index as read, and whether its checksums were checked already. */
export interface ReadIndex {
  readonly read: IndexBytes;
  readonly checked: boolean;
}

export interface IndexRead {
  /** The index as the worker read it (waiting for it if need be), or as read now. */
  take(): ReadIndex;
  close(): void;
}

const WORKER_URL = new URL('./index-read-worker.js', import.meta.url);

export interface IndexReadOptions {
  /** The worker script (default: beside this module). */
  readonly workerUrl?: URL;
  /** Below this size, no worker (default `READ_AHEAD_MIN_BYTES`). */
  readonly minBytes?: number;
  /** How long to wait for the worker to start (default `START_MS`; tests shorten it). */
  readonly startMs?: number;
  /** From this size on, the texts stay on the disk (default `LAZY_TEXTS_MIN_BYTES`; tests lower it). */
  readonly lazyFrom?: number;
}

/** Starts reading `file` on a worker thread when it is large enough to be worth it; `null` otherwise (read it as usual). */
export function startIndexRead(file: CacheFile, options: IndexReadOptions = {}): IndexRead | null {
  let size: number;
  try {
    // Only how large it is: what it is (a link, a folder) is for `readCacheFile` to say.
    size = lstatSync(file.path).size;
  } catch {
    return null;
  }
  if (size < (options.minBytes ?? READ_AHEAD_MIN_BYTES)) return null;
  const started = startWorker(options.workerUrl ?? WORKER_URL, 1, (port, control): IndexReadData => ({ file, control, port, lazyFrom: options.lazyFrom ?? LAZY_TEXTS_MIN_BYTES }));
  if (started === null) return null;
  const { worker, port, control } = started;
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    port.close();
    void worker.terminate().catch(() => {});
  };
  return {
    take: () => {
      try {
        if (!closed) {
          const wait = (state: number, ms: number) => {
            for (const until = Date.now() + ms; Atomics.load(control, 0) === state && Date.now() < until; ) Atomics.wait(control, 0, state, 100);
          };
          wait(STARTING, options.startMs ?? START_MS);
          wait(READING, WAIT_MS);
          const got = receiveMessageOnPort(port) as { message: IndexReadMessage } | undefined;
          const message = got?.message;
          // A front: its texts are read from this thread's own open of the file (a worker's files close with it).
          const front = message?.ok === true && 'payloads' in message ? frontHere(file, message) : null;
          if (front !== null) return { read: front, checked: true };
          if (message?.ok === true && 'bytes' in message) return { read: { ok: true, bytes: Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength) }, checked: message.checked };
          // A file it could not read or that failed a check: said as the main thread would say it.
          if (message?.ok === false) return { read: message, checked: false };
        }
        return readIndexHere(file, options.lazyFrom);
      } finally {
        close();
      }
    },
    close,
  };
}

/**
 * Reading the on-disk index ahead (issue 38). At 100,000 files the index is some 350 MB: reading
 * it and checking its checksums cost the main thread about 0.6 s, while the walk that comes
 * first (listing every folder) needs nothing from it. A worker thread reads it meanwhile, the
 * way the main thread would (`readCacheFile`: never through a link, a regular file, bounded),
 * checks every record's checksum (`recordsOf`), and hands the bytes over without a copy (a
 * file that fails a check is handed over unchecked: decoding it says what is wrong, as always).
 *
 * The main thread waits for the worker only when it needs the bytes and the worker has not sent
 * them yet, while it would otherwise be reading them itself. A worker that cannot start, does
 * not start running within `START_MS`, or sends nothing in `WAIT_MS`, only means that the main
 * thread reads the file itself.
 */
import { lstatSync } from 'node:fs';
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { readCacheFile, type CacheFile, type CacheRead } from '../read/cache-file.js';
import { startWorker } from '../read/read-ahead.js';

/** Below this size, the index is read by the main thread (a worker's start-up would cost more than it saves). */
export const READ_AHEAD_MIN_BYTES = 16 * 1024 * 1024;
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
}

/** What the worker sends: the file read whole and whether it found every checksum right (if not, decoding says why), or why it could not read it. */
export type IndexReadMessage = { readonly ok: true; readonly bytes: Uint8Array; readonly checked: boolean } | { readonly ok: false; readonly missing: boolean; readonly reason: string };

/** The index as read: the bytes, and whether their checksums were checked already. */
export interface ReadIndex {
  readonly read: CacheRead;
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
  const started = startWorker(options.workerUrl ?? WORKER_URL, 1, (port, control): IndexReadData => ({ file, control, port }));
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
          if (message?.ok === true) return { read: { ok: true, bytes: Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength) }, checked: message.checked };
          // A file it could not read or that failed a check: said as the main thread would say it.
          if (message?.ok === false) return { read: message, checked: false };
        }
        return { read: readCacheFile(file), checked: false };
      } finally {
        close();
      }
    },
    close,
  };
}

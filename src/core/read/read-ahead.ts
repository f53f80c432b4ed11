/**
 * Reading ahead on a second thread. A large load spends a good part of its time in system
 * calls (open, stat, read, close: about a tenth of it at 100,000 documents) that need no
 * JavaScript: a worker thread makes them, in the load's order, and hands the bytes over in
 * batches while the main thread parses the batches before. The main thread stays synchronous
 * and never waits for the worker: it takes a batch when one is there (`receiveMessageOnPort`)
 * and otherwise reads the next files itself, as without the worker, telling the worker where
 * it got to so that the worker skips them. (A server loading in the background must go on
 * answering: a thread blocked on the worker's start-up could not even accept a connection.)
 * Either way a load gives the same results in the same order.
 *
 * The worker reads the way the main thread does (`read-bytes.ts`: the same checks, never
 * through a link). It passes on only what it read: a file it could not read, or one too large
 * for a batch, is left to the main thread, which reads it again itself and so gives the same
 * finding as without the worker. If the worker cannot start or fails, the main thread reads
 * the rest itself.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

/** Below this many files, a worker's start-up (some 20 ms) costs more than reading ahead saves. */
export const READ_AHEAD_MIN_FILES = 4096;
/** How many batches the worker may be ahead of the main thread (the bytes waiting, at most). */
export const AHEAD_BATCHES = 16;

/** Slots of the shared counters: batches sent and taken, stop (main to worker), and the index up to which the main thread has read the files itself. */
export const PRODUCED = 0;
export const CONSUMED = 1;
export const STOP = 2;
export const CLAIMED = 3;

/** Per file of a batch: where its bytes are in the batch (`start` < 0: read it yourself), and its stamp. */
export const RECORD = 6;

/** What the main thread gives the worker. */
export interface AheadData {
  readonly root: string;
  /** The files to read, in order, joined with NUL (which no path holds): one string to copy, not 100,000; `null`: they come as the first message (`ReadAheadList`). */
  readonly files: string | null;
  readonly batchBytes: number;
  readonly control: SharedArrayBuffer;
  readonly port: MessagePort;
}

/** To a worker started before its list was known (`prestartReadAhead`): the list. */
export interface ReadAheadList {
  readonly files: string;
}

/** A batch of files: the index of its first file in the list, their bytes, packed, and `RECORD` numbers per file. */
export interface AheadBatch {
  readonly first: number;
  readonly bytes: Uint8Array;
  readonly meta: Float64Array;
}

/** What the worker sends: a batch, or the end (every file sent, or a failure). */
export type AheadMessage = ({ readonly kind: 'batch' } & AheadBatch) | { readonly kind: 'end' };

/** The main thread's side of a read-ahead over `files`. */
export interface ReadAhead {
  readonly files: readonly string[];
  /**
   * The worker's batch that holds file `from`, if it has sent it (the batches before it, whose
   * files the main thread read itself, are dropped); `null` when it has not (read them
   * yourself, then `claim`).
   */
  readonly take: (from: number) => AheadBatch | null;
  /** The main thread has read the files before index `end` itself: the worker skips them. */
  readonly claim: (end: number) => void;
  /** How many batches the worker has sent that are not taken yet (never above `AHEAD_BATCHES`). */
  readonly waiting: () => number;
  /** Stops the worker (at once, wherever it is). */
  readonly close: () => void;
}

/** The worker script, beside this module (`dist/core`) or beside the bundle that holds it (`dist/bin`). */
const WORKER_URL = new URL('./read-ahead-worker.js', import.meta.url);

/**
 * Starts reading `files` (relative to the real directory `root`) ahead on a worker thread;
 * `null` when no worker can be started (then read as usual).
 */
export function startReadAhead(root: string, files: readonly string[], batchBytes: number, workerUrl: URL = WORKER_URL): ReadAhead | null {
  const started = startWorker(workerUrl, 4, (port, control): AheadData => ({ root, files: files.join('\0'), batchBytes, control, port }));
  return started === null ? null : readAheadOf(started, files);
}

/** A worker started ahead that no list reaches within this long is stopped (a load that failed between its walk and its first read). */
export const UNUSED_WORKER_MS = 60_000;

/** A read-ahead worker started before the files are known (while the walk lists the folders), so that its start-up is over when the reading begins. */
export interface ReadAheadStart {
  /** Gives it the files (at most once): the read-ahead over them. */
  readonly begin: (files: readonly string[]) => ReadAhead;
  /** Stops it, when it is not begun (a read-ahead begun is closed as any other). */
  readonly close: () => void;
}

/** Starts the read-ahead worker of `root` before its list of files is known; `null` when no worker can be started. */
export function prestartReadAhead(root: string, batchBytes: number, workerUrl: URL = WORKER_URL, unusedMs = UNUSED_WORKER_MS): ReadAheadStart | null {
  const started = startWorker(workerUrl, 4, (port, control): AheadData => ({ root, files: null, batchBytes, control, port }));
  if (started === null) return null;
  const close = (): void => {
    clearTimeout(timer);
    started.port.close();
    void started.worker.terminate().catch(() => {});
  };
  const timer = setTimeout(close, unusedMs);
  timer.unref();
  return {
    begin: (files) => {
      clearTimeout(timer);
      started.port.postMessage({ files: files.join('\0') } satisfies ReadAheadList);
      return readAheadOf(started, files);
    },
    close,
  };
}

/** The main thread's side of the worker `started`, reading `files`. */
function readAheadOf(started: { readonly worker: Worker; readonly port: MessagePort; readonly control: Int32Array }, files: readonly string[]): ReadAhead {
  const { worker, port, control } = started;
  let consumed = 0;
  let ended = false;
  const close = (): void => {
    if (ended) return;
    ended = true;
    Atomics.store(control, STOP, 1);
    Atomics.notify(control, CONSUMED);
    port.close();
    void worker.terminate().catch(() => {});
  };
  return {
    files,
    take: (from) => {
      while (!ended) {
        const got = receiveMessageOnPort(port) as { message: AheadMessage } | undefined;
        if (got === undefined) return null;
        const message = got.message;
        if (message.kind === 'end') break;
        consumed += 1;
        Atomics.store(control, CONSUMED, consumed);
        Atomics.notify(control, CONSUMED);
        const end = message.first + message.meta.length / RECORD;
        if (end <= from) continue;
        // The worker skips only what the main thread claimed, so a batch never starts past it.
        if (message.first > from) break;
        return message;
      }
      close();
      return null;
    },
    claim: (end) => {
      Atomics.store(control, CLAIMED, end);
    },
    waiting: () => Atomics.load(control, PRODUCED) - consumed,
    close,
  };
}

/**
 * Starts the worker script at `workerUrl` with `data` (given the worker's end of a message
 * channel and `counters` shared 32-bit counters); `null` when it cannot be started. Returns
 * the worker, the main thread's end of the channel and the counters.
 */
export function startWorker<T>(
  workerUrl: URL,
  counters: number,
  data: (port: MessagePort, control: SharedArrayBuffer) => T,
): { readonly worker: Worker; readonly port: MessagePort; readonly control: Int32Array } | null {
  if (workerUrl.protocol !== 'file:' || !existsSync(fileURLToPath(workerUrl))) return null;
  const shared = new SharedArrayBuffer(4 * counters);
  const { port1, port2 } = new MessageChannel();
  let worker: Worker;
  try {
    // `stdout: true`: nothing the worker could print reaches the process's stdout (a server's carries only MCP messages).
    worker = new Worker(workerUrl, { workerData: data(port2, shared), transferList: [port2], stdout: true, stderr: true });
  } catch {
    port1.close();
    port2.close();
    return null;
  }
  // Nothing the worker could throw reaches the process: the main thread does its work itself.
  worker.on('error', () => {});
  worker.unref();
  return { worker, port: port1, control: new Int32Array(shared) };
}

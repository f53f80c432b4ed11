/**
 * Reading ahead on a second thread. A large load spends a good part of its time in system
 * calls (open, stat, read, close: about a tenth of it at 100,000 documents) that need no
 * JavaScript: a worker thread makes them, in the load's order, and hands the bytes over in
 * batches while the main thread parses the batches before. The main thread stays synchronous
 * — it takes the next batch with `receiveMessageOnPort`, waiting on a shared counter when the
 * worker is behind — so a load gives the same results in the same order, read ahead or not.
 *
 * The worker reads the way the main thread does (`read-bytes.ts`: the same checks, never
 * through a link). It passes on only what it read: a file it could not read, or one too large
 * for a batch, is left to the main thread, which reads it again itself and so gives the same
 * finding as without the worker. If the worker cannot start, fails, or stalls, the main
 * thread reads the rest itself.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

/** Below this many files, a worker's start-up (some 20 ms) costs more than reading ahead saves. */
export const READ_AHEAD_MIN_FILES = 4096;
/** How many batches the worker may be ahead of the main thread (the bytes waiting, at most). */
export const AHEAD_BATCHES = 16;
/** How long the main thread waits for a batch before it reads the rest itself. */
const STALL_MS = 30_000;
/**
 * How long the main thread waits for the worker to start. A worker that fails before its first
 * line (its script missing or broken) never says so to a thread that is waiting, not running
 * its event loop: this bounds that wait.
 */
export const START_MS = 5_000;

/** Slots of the shared counters: batches sent, batches taken, stop (main to worker), started (worker to main). */
export const PRODUCED = 0;
export const CONSUMED = 1;
export const STOP = 2;
export const STARTED = 3;

/** Per file of a batch: where its bytes are in the batch (`start` < 0: read it yourself), and its stamp. */
export const RECORD = 6;

/** What the main thread gives the worker. */
export interface AheadData {
  readonly root: string;
  /** The files to read, in order, joined with NUL (which no path holds): one string to copy, not 100,000. */
  readonly files: string;
  readonly batchBytes: number;
  readonly control: SharedArrayBuffer;
  readonly port: MessagePort;
}

/** A batch of files: their bytes, packed, and `RECORD` numbers per file. */
export interface AheadBatch {
  readonly bytes: Uint8Array;
  readonly meta: Float64Array;
}

/** What the worker sends: a batch, or the end (every file sent, or a failure). */
export type AheadMessage = { readonly kind: 'batch'; readonly bytes: Uint8Array; readonly meta: Float64Array } | { readonly kind: 'end' };

/** The main thread's side of a read-ahead over `files`. */
export interface ReadAhead {
  readonly files: readonly string[];
  /** The index in `files` of the first file of the next batch. */
  readonly next: () => number;
  /** The next batch, waiting for it; `null` once the worker is done, failed or stalled (read the rest yourself). */
  readonly take: () => AheadBatch | null;
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
export function startReadAhead(root: string, files: readonly string[], batchBytes: number, workerUrl: URL = WORKER_URL, startMs = START_MS): ReadAhead | null {
  const started = startWorker(workerUrl, 4, (port, control): AheadData => ({ root, files: files.join('\0'), batchBytes, control, port }));
  if (started === null) return null;
  const { worker, port: port1, control } = started;
  let next = 0;
  let consumed = 0;
  let ended = false;
  const close = (): void => {
    if (ended) return;
    ended = true;
    Atomics.store(control, STOP, 1);
    Atomics.notify(control, CONSUMED);
    port1.close();
    void worker.terminate().catch(() => {});
  };
  return {
    files,
    next: () => next,
    take: () => {
      while (!ended) {
        const produced = Atomics.load(control, PRODUCED);
        const got = receiveMessageOnPort(port1) as { message: AheadMessage } | undefined;
        if (got !== undefined) {
          const message = got.message;
          if (message.kind === 'end') break;
          consumed += 1;
          Atomics.store(control, CONSUMED, consumed);
          Atomics.notify(control, CONSUMED);
          next += message.meta.length / RECORD;
          return message;
        }
        // The worker sends, then counts: a batch sent after this load wakes the wait at once.
        const started = Atomics.load(control, STARTED) !== 0;
        if (Atomics.wait(control, PRODUCED, produced, started ? STALL_MS : startMs) === 'timed-out' && (started || Atomics.load(control, STARTED) === 0)) break;
      }
      close();
      return null;
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

/**
 * Stat data ahead on a second thread (issue 38). A warm start compares the stat data of every
 * listed file with those the on-disk index holds; at 100,000 files the `lstat` calls and the
 * `BigIntStats` they make cost the main thread some 0.7 s. A worker makes them instead, while
 * the main thread reads and decodes the index, and writes each file's data into shared memory.
 * The main thread never waits for it: a file the worker has not reached yet it `lstat`s itself,
 * so the answer is the same with or without the worker, which only makes it sooner.
 *
 * A file's stat data are its key: device, inode, size, mtime and ctime in nanoseconds, five
 * signed 64-bit integers (`KEY_BYTES`), compared as ten 32-bit ones (no number or BigInt made).
 * Only `lstat`: a symbolic link is never followed (its own data differ from its target's).
 */
import { lstatSync, type BigIntStats } from 'node:fs';
import { join, sep } from 'node:path';
import type { MessagePort } from 'node:worker_threads';
import { startWorker } from './read-ahead.js';

/** A key's bytes: five 64-bit integers. */
export const KEY_BYTES = 40;
/** A key as 32-bit integers. */
export const KEY_INTS = KEY_BYTES / 4;
/** Below this many files, a worker's start-up costs more than it saves. */
export const STAT_AHEAD_MIN_FILES = 4096;

/** Per file, in shared memory: not reached yet, stat data written, no stat data (gone, or not readable). */
export const PENDING = 0;
export const DONE = 1;
export const MISSING = 2;

/** What the main thread gives the worker. */
export interface StatAheadData {
  readonly root: string;
  /** The files, joined with NUL (which no path holds). */
  readonly files: string;
  /** `KEY_BYTES` per file. */
  readonly keys: SharedArrayBuffer;
  /** One 32-bit state per file (`PENDING`, `DONE`, `MISSING`), then a stop flag. */
  readonly states: SharedArrayBuffer;
  /** Unused (the shared memory says everything): the worker closes it. */
  readonly port: MessagePort;
}

/**
 * `join(root, file)` for the walk's relative paths (names joined by `/`; none is empty, `.` or
 * `..`): the root normalized once, then one concatenation a file, where `join` normalizes the
 * whole path each time (some 90 ms of a worker's 100,000 files).
 */
export function pathsUnder(root: string): (file: string) => string {
  const base = join(root, '.');
  const prefix = base.endsWith(sep) ? base : base + sep;
  return (file) => prefix + file;
}

/** Writes the key of `stats` as key `at` of `keys`. */
export function writeKey(stats: BigIntStats, keys: BigInt64Array, at: number): void {
  const base = at * 5;
  keys[base] = stats.dev;
  keys[base + 1] = stats.ino;
  keys[base + 2] = stats.size;
  keys[base + 3] = stats.mtimeNs;
  keys[base + 4] = stats.ctimeNs;
}

/** The stat data of a list of files, as keys to compare. */
export interface StatKeys {
  /** Whether file `i` of the list exists and its key is key `at` of `keys` (`KEY_INTS` per key). */
  same(i: number, keys: Int32Array, at: number): boolean;
  /** Whether the worker has taken file `i`'s stat data (then `same` compares with those). */
  taken(i: number): boolean;
  /** Stops the worker, if one runs. */
  close(): void;
}

export interface StatAheadOptions {
  /** The worker script (default: beside this module). */
  readonly workerUrl?: URL;
  /** Below this many files, no worker (default `STAT_AHEAD_MIN_FILES`; tests lower it). */
  readonly minFiles?: number;
}

/** The worker script, beside this module (`dist/core`) or beside the bundle that holds it (`dist/bin`). */
const WORKER_URL = new URL('./stat-ahead-worker.js', import.meta.url);

/**
 * The keys of `files` (relative to the real directory `root`): made by a worker when one can
 * be started for at least `minFiles` files, else (and for any file the worker has not reached
 * when asked) by the calling thread.
 */
export function statKeys(root: string, files: readonly string[], options: StatAheadOptions = {}): StatKeys {
  const pathOf = pathsUnder(root);
  const mine = new BigInt64Array(5);
  const mineInts = new Int32Array(mine.buffer);
  const own = (i: number): Int32Array | null => {
    let stats: BigIntStats | undefined;
    try {
      stats = lstatSync(pathOf(files[i]!), { bigint: true, throwIfNoEntry: false });
    } catch {
      // Not there as a file any more (a folder on the way became a file, or cannot be entered): as the worker says it.
      stats = undefined;
    }
    if (stats === undefined) return null;
    writeKey(stats, mine, 0);
    return mineInts;
  };
  const equal = (a: Int32Array, from: number, b: Int32Array, at: number): boolean => {
    const base = at * KEY_INTS;
    for (let k = 0; k < KEY_INTS; k += 1) if (a[from + k] !== b[base + k]) return false;
    return true;
  };
  const none: StatKeys = {
    same: (i, keys, at) => {
      const key = own(i);
      return key !== null && equal(key, 0, keys, at);
    },
    taken: () => false,
    close: () => {},
  };
  if (files.length < (options.minFiles ?? STAT_AHEAD_MIN_FILES)) return none;
  const keys = new SharedArrayBuffer(files.length * KEY_BYTES);
  const states = new SharedArrayBuffer(4 * (files.length + 1));
  const started = startWorker(options.workerUrl ?? WORKER_URL, 1, (port): StatAheadData => ({ root, files: files.join('\0'), keys, states, port }));
  if (started === null) return none;
  const shared = new Int32Array(keys);
  const state = new Int32Array(states);
  let closed = false;
  started.port.close();
  return {
    same: (i, other, at) => {
      const now = closed ? PENDING : Atomics.load(state, i);
      if (now === MISSING) return false;
      if (now === DONE) return equal(shared, i * KEY_INTS, other, at);
      return none.same(i, other, at);
    },
    taken: (i) => !closed && Atomics.load(state, i) !== PENDING,
    close: () => {
      if (closed) return;
      closed = true;
      Atomics.store(state, files.length, 1);
      void started.worker.terminate().catch(() => {});
    },
  };
}

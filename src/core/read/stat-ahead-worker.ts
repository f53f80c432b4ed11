/**
 * The stat-ahead worker (`stat-ahead.ts`): `lstat`s the files it is given, last first, writing
 * each one's key and then its state into shared memory, until the first or until it is told to
 * stop. The main thread compares them first to last and `lstat`s itself a file not reached yet:
 * from the two ends, the two threads share what is left when it catches up, where in one order
 * it would take the same files as the worker, one by one, just behind or ahead of it.
 */
import { lstatSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
import { DONE, MISSING, pathsUnder, writeKey, type StatAheadData } from './stat-ahead.js';

const { root, files: joined, keys: sharedKeys, states: sharedStates, port } = workerData as StatAheadData;
port.close();
const files = joined.split('\0');
const keys = new BigInt64Array(sharedKeys);
const states = new Int32Array(sharedStates);
const stop = files.length;
const pathOf = pathsUnder(root);
for (let i = files.length - 1; i >= 0 && Atomics.load(states, stop) === 0; i -= 1) {
  let stats;
  try {
    stats = lstatSync(pathOf(files[i]!), { bigint: true, throwIfNoEntry: false });
  } catch {
    stats = undefined;
  }
  if (stats !== undefined) writeKey(stats, keys, i);
  Atomics.store(states, i, stats === undefined ? MISSING : DONE);
}

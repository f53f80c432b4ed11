/**
 * The stat-ahead worker (`stat-ahead.ts`): `lstat`s the files it is given, in order, writing each
 * one's key and then its state into shared memory, until the end or until it is told to stop.
 */
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { workerData } from 'node:worker_threads';
import { DONE, MISSING, writeKey, type StatAheadData } from './stat-ahead.js';

const { root, files: joined, keys: sharedKeys, states: sharedStates, port } = workerData as StatAheadData;
port.close();
const files = joined.split('\0');
const keys = new BigInt64Array(sharedKeys);
const states = new Int32Array(sharedStates);
const stop = files.length;
for (let i = 0; i < files.length && Atomics.load(states, stop) === 0; i += 1) {
  let stats;
  try {
    stats = lstatSync(join(root, files[i]!), { bigint: true, throwIfNoEntry: false });
  } catch {
    stats = undefined;
  }
  if (stats !== undefined) writeKey(stats, keys, i);
  Atomics.store(states, i, stats === undefined ? MISSING : DONE);
}

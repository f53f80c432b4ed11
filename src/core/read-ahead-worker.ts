/**
 * The read-ahead worker (`read-ahead.ts`): reads the files it is given, in order, and sends
 * their bytes to the main thread in batches, staying at most `AHEAD_BATCHES` ahead. Whatever
 * happens, its last message is the end.
 */
import { workerData } from 'node:worker_threads';
import { AHEAD_BATCHES, CONSUMED, PRODUCED, RECORD, STARTED, STOP, type AheadData, type AheadMessage } from './read-ahead.js';
import { createByteReader } from './read-bytes.js';

const { root, files, batchBytes, control: shared, port } = workerData as AheadData;
const control = new Int32Array(shared);
Atomics.store(control, STARTED, 1);

/** Sends, then counts (the main thread waits on the count, then takes the message). */
function send(message: AheadMessage, transfer: ArrayBuffer[]): void {
  port.postMessage(message, transfer);
  Atomics.add(control, PRODUCED, 1);
  Atomics.notify(control, PRODUCED);
}

function readAll(): void {
  const reader = createByteReader(root);
  let sent = 0;
  let bytes = new Uint8Array(batchBytes);
  let used = 0;
  let meta: number[] = [];
  const flush = (): void => {
    const numbers = Float64Array.from(meta);
    send({ kind: 'batch', bytes: bytes.subarray(0, used), meta: numbers }, [bytes.buffer as ArrayBuffer, numbers.buffer]);
    sent += 1;
    bytes = new Uint8Array(batchBytes);
    used = 0;
    meta = [];
    // At most AHEAD_BATCHES waiting: the main thread counts what it took.
    for (let taken = Atomics.load(control, CONSUMED); sent - taken >= AHEAD_BATCHES && Atomics.load(control, STOP) === 0; taken = Atomics.load(control, CONSUMED)) {
      Atomics.wait(control, CONSUMED, taken, 1000);
    }
  };
  try {
    for (let start = 0; start < files.length && Atomics.load(control, STOP) === 0; ) {
      let end = files.indexOf('\0', start);
      if (end === -1) end = files.length;
      const read = reader.read(files.slice(start, end));
      start = end + 1;
      if (read.ok && read.bytes.length <= batchBytes) {
        if (read.bytes.length > batchBytes - used) flush();
        bytes.set(read.bytes, used);
        const { stats } = read;
        meta.push(used, used + read.bytes.length, stats.size, stats.mtimeMs, stats.ctimeMs, stats.ino);
        used += read.bytes.length;
      } else {
        // Left to the main thread, which reads it again itself: the same finding, or the whole of a large file.
        meta.push(-1, -1, 0, 0, 0, 0);
      }
      // A batch of tiny or unreadable files ends too (the main thread takes a batch at a time).
      if (meta.length === RECORD * 4096) flush();
    }
    if (meta.length > 0) flush();
  } finally {
    reader.close();
  }
}

try {
  readAll();
} finally {
  send({ kind: 'end' }, []);
}

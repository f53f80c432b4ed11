/**
 * The read-ahead worker (`read-ahead.ts`): reads the files it is given, in order, and sends
 * their bytes to the main thread in batches, staying at most `AHEAD_BATCHES` ahead and
 * skipping what the main thread has read itself. Whatever happens, its last message is the end.
 */
import { workerData } from 'node:worker_threads';
import { AHEAD_BATCHES, CLAIMED, CONSUMED, PRODUCED, RECORD, STOP, type AheadData, type AheadMessage, type ReadAheadList } from './read-ahead.js';
import { createByteReader } from './read-bytes.js';

const { root, files: given, batchBytes, control: shared, port } = workerData as AheadData;
const control = new Int32Array(shared);

/** Sends, then counts. */
function send(message: AheadMessage, transfer: ArrayBuffer[]): void {
  port.postMessage(message, transfer);
  Atomics.add(control, PRODUCED, 1);
}

function readAll(joined: string): void {
  const files = joined.split('\0');
  const reader = createByteReader(root);
  let sent = 0;
  let first = 0;
  let bytes = new Uint8Array(batchBytes);
  let used = 0;
  let meta: number[] = [];
  const flush = (): void => {
    const numbers = Float64Array.from(meta);
    send({ kind: 'batch', first, bytes: bytes.subarray(0, used), meta: numbers }, [bytes.buffer as ArrayBuffer, numbers.buffer]);
    sent += 1;
    first += meta.length / RECORD;
    bytes = new Uint8Array(batchBytes);
    used = 0;
    meta = [];
    // At most AHEAD_BATCHES waiting: the main thread counts what it took.
    for (let taken = Atomics.load(control, CONSUMED); sent - taken >= AHEAD_BATCHES && Atomics.load(control, STOP) === 0; taken = Atomics.load(control, CONSUMED)) {
      Atomics.wait(control, CONSUMED, taken, 1000);
    }
  };
  try {
    for (let i = 0; i < files.length && Atomics.load(control, STOP) === 0; i += 1) {
      // Files the main thread read itself are skipped (a batch holds consecutive files: the one begun is sent first).
      const claimed = Atomics.load(control, CLAIMED);
      if (i < claimed) {
        if (meta.length > 0) flush();
        i = claimed - 1;
        first = claimed;
        continue;
      }
      const read = reader.read(files[i]!);
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
      // A batch of tiny or unreadable files ends too.
      if (meta.length === RECORD * 4096) flush();
    }
    if (meta.length > 0) flush();
  } finally {
    reader.close();
  }
}

/** Reads `joined`'s files; whatever happens, the last message is the end. */
function run(joined: string): void {
  try {
    readAll(joined);
  } finally {
    send({ kind: 'end' }, []);
  }
}

// Started before the walk ended (`prestartReadAhead`): the list comes as the first message.
if (given !== null) run(given);
else port.once('message', (message: ReadAheadList) => run(message.files));

/**
 * The index-read worker (`index-read.ts`): reads the index file as the main thread would
 * (`readIndexFile`: a large one but for its texts), checks its records'
 * checksums, and sends the bytes (moved, not copied) and whether they passed, or why it could
 * not read them. The flag the main thread waits on says when it runs and when its message is
 * sent; whatever happens once it runs, it sends one message.
 */
import { closeSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
import { READING, SENT, readIndexFile, type IndexReadData, type IndexReadMessage } from './index-read.js';
import { recordsOf } from './index-frame.js';

const { file, control: shared, port, lazyFrom } = workerData as IndexReadData;
const control = new Int32Array(shared);
// Running: the main thread now waits for the message (it waits only so long for a worker that never starts).
Atomics.store(control, 0, READING);
Atomics.notify(control, 0);
let message: IndexReadMessage = { ok: false, missing: false, reason: 'it could not be read' };
let transfer: ArrayBuffer[] = [];
try {
  const read = readIndexFile(file, lazyFrom);
  if (!read.ok) message = read;
  else if (read.front !== undefined) {
    // Each payload read into a buffer of its own: moved without a copy. The main thread reads the texts from its own open of the file (this one closes with the worker).
    const { payloads, size, fd } = read.front;
    closeSync(fd);
    message = { ok: true, payloads, size, dev: read.dev, ino: read.ino };
    transfer = payloads.flatMap((p) => (p instanceof Uint8Array ? [p.buffer as ArrayBuffer] : []));
  } else {
    // A buffer of its own (not a slice of Node's pool) moves without a copy.
    const own = read.bytes.byteOffset === 0 && read.bytes.byteLength === read.bytes.buffer.byteLength;
    const bytes = own ? read.bytes : new Uint8Array(read.bytes);
    message = { ok: true, bytes, checked: recordsOf(read.bytes).ok };
    transfer = [bytes.buffer as ArrayBuffer];
  }
} finally {
  port.postMessage(message, transfer);
  Atomics.store(control, 0, SENT);
  Atomics.notify(control, 0);
}

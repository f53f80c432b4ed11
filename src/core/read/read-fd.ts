/**
 * Reading an open file to its end, at most a bound (read/safe-fs.ts opens it and checks what
 * it opened): into a buffer of its own, or, for a transient read of up to 1 MiB, into one
 * buffer shared by every transient read.
 */
import { readSync } from 'node:fs';

/** The largest buffer kept for transient reads. */
const SCRATCH_LIMIT = 1024 * 1024;
let scratch: Buffer | null = null;

/** Reads `size` bytes, or to the end when it comes first (or when `size` is 0); `null` once it exceeds `maxBytes`. */
export function readAll(fd: number, size: number, maxBytes: number, transient: boolean): Uint8Array | null {
  const wanted = Math.min(Math.max(size, 4096), maxBytes + 1);
  let buffer: Buffer;
  if (transient && wanted < SCRATCH_LIMIT) {
    // One byte more than the file: reading 0 bytes there is what says the end was reached.
    if (scratch === null || scratch.length < wanted + 1) scratch = Buffer.allocUnsafe(Math.min(Math.max(wanted + 1, 64 * 1024), SCRATCH_LIMIT));
    buffer = scratch;
  } else {
    buffer = Buffer.allocUnsafe(wanted);
  }
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (buffer.length > maxBytes) return null;
      const bigger = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes + 1));
      buffer.copy(bigger, 0, 0, length);
      buffer = bigger;
    }
    const read = readSync(fd, buffer, length, buffer.length - length, null);
    if (read === 0) break;
    length += read;
    // All the bytes `fstat` counted: the end (a file that grew since is read again when its
    // stamp, which holds this size, is found to differ). A size of 0 may be a file whose size
    // the system does not know: read to the end.
    if (length === size && size > 0) break;
  }
  return length > maxBytes ? null : buffer.subarray(0, length);
}


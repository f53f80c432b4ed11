/**
 * The records of an on-disk index file (src/core/store/index-frame.ts), for tests that change
 * one and write the file again with every checksum right: a hand-made index.
 */
import { MAGIC, record } from '../../src/core/store/index-frame.js';

/** The payloads of an index's records (after the magic line, up to the end record). */
export function payloadsOf(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = MAGIC.length; ; ) {
    const length = bytes.readUInt32LE(at);
    at += 8;
    if (length === 0) return out;
    out.push(bytes.subarray(at, at + length));
    at += length;
  }
}

/** An index of `payloads`, every checksum right. */
export function indexOf(payloads: readonly Uint8Array[]): Buffer {
  return Buffer.concat([MAGIC, ...payloads.flatMap((p) => record(p)), Buffer.alloc(8)]);
}

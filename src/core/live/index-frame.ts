/**
 * The on-disk index's framing (issue 38; format in index-snapshot.ts): a magic line, then
 * records of a length, a CRC-32 and a payload, then an end record of length 0. Apart from the
 * rest of the format so that the worker that reads the index ahead (index-read.ts) checks the
 * checksums without loading the decoder and the Markdown parser behind it.
 */
import { createHash } from 'node:crypto';
import * as zlib from 'node:zlib';

export const MAGIC = Buffer.from('DOCUGRAPH-INDEX\n', 'latin1');

/** CRC-32 where Node has it (20.15 and later), else the first 32 bits of SHA-1. */
export function checksum(bytes: Uint8Array): number {
  const crc = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
  if (crc !== undefined) return crc(bytes) >>> 0;
  return createHash('sha1').update(bytes).digest().readUInt32LE(0);
}

/** A record's head (length, checksum), then its payload: two pieces, the payload never copied. */
export function record(payload: Uint8Array): [Buffer, Uint8Array] {
  const head = Buffer.allocUnsafe(8);
  head.writeUInt32LE(payload.length, 0);
  head.writeUInt32LE(checksum(payload), 4);
  return [head, payload];
}

/** The records of an index, each with its checksum checked (unless `checked`), or why they are not whole. */
export function recordsOf(bytes: Buffer, checked = false): { readonly ok: true; readonly payloads: readonly Buffer[] } | { readonly ok: false; readonly reason: string } {
  if (bytes.length < MAGIC.length || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return { ok: false, reason: 'it is not a DocuGraph index' };
  const payloads: Buffer[] = [];
  let at = MAGIC.length;
  for (;;) {
    if (at + 8 > bytes.length) return { ok: false, reason: 'it is cut short' };
    const length = bytes.readUInt32LE(at);
    const crc = bytes.readUInt32LE(at + 4);
    at += 8;
    if (length === 0) break;
    if (at + length > bytes.length) return { ok: false, reason: 'it is cut short' };
    const payload = bytes.subarray(at, at + length);
    if (!checked && checksum(payload) !== crc) return { ok: false, reason: 'a checksum does not match (it was damaged)' };
    payloads.push(payload);
    at += length;
  }
  if (at !== bytes.length) return { ok: false, reason: 'it has bytes after its end' };
  if (payloads.length < 2) return { ok: false, reason: 'it is cut short' };
  return { ok: true, payloads };
}

/**
 * The first `count` records of an index's first bytes, checksums checked; `need`: how many bytes
 * they take when `bytes` ends before them (read that many), `0` when the bytes are not an index.
 */
export function leadingRecords(bytes: Buffer, count: number): { readonly ok: true; readonly payloads: readonly Buffer[] } | { readonly ok: false; readonly need: number } {
  if (bytes.length < MAGIC.length || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return { ok: false, need: 0 };
  const payloads: Buffer[] = [];
  let at = MAGIC.length;
  while (payloads.length < count) {
    if (at + 8 > bytes.length) return { ok: false, need: at + 8 };
    const length = bytes.readUInt32LE(at);
    if (length === 0) return { ok: false, need: 0 };
    if (at + 8 + length > bytes.length) return { ok: false, need: at + 8 + length };
    const payload = bytes.subarray(at + 8, at + 8 + length);
    if (checksum(payload) !== bytes.readUInt32LE(at + 4)) return { ok: false, need: 0 };
    payloads.push(payload);
    at += 8 + length;
  }
  return { ok: true, payloads };
}

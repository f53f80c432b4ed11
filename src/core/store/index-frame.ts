/**
 * The on-disk index's framing (issue 38; format in index-snapshot.ts): a magic line, then
 * records of a length, a CRC-32 and a payload, then an end record of length 0. Apart from the
 * rest of the format so that the worker that reads the index ahead (index-read.ts) checks the
 * checksums without loading the decoder and the Markdown parser behind it.
 */
import { createHash } from 'node:crypto';
import { readSync } from 'node:fs';
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
  const walked = walkRecords(bytes.length, (length, at) => bytes.subarray(at, at + length), () => false, !checked);
  return walked.ok ? { ok: true, payloads: walked.payloads as Buffer[] } : walked;
}

/**
 * The records of an index of `size` bytes whose bytes `read(length, at)` gives (`null` when they
 * end first): the `k`-th read when `lazy(k)` is false (its checksum checked when `check`), noted
 * where it is otherwise. The one reading of the framing, of bytes in memory or of an open file.
 */
function walkRecords(size: number, read: (length: number, at: number) => Buffer | null, lazy: (k: number) => boolean, check: boolean): { readonly ok: true; readonly payloads: readonly (Buffer | LazyRecord)[] } | { readonly ok: false; readonly reason: string } {
  const magic = size < MAGIC.length ? null : read(MAGIC.length, 0);
  if (magic === null || !magic.equals(MAGIC)) return { ok: false, reason: 'it is not a DocuGraph index' };
  const payloads: (Buffer | LazyRecord)[] = [];
  let at = MAGIC.length;
  for (;;) {
    // The head, and the first 4 bytes of a payload left on the disk.
    const head = at + 8 > size ? null : read(Math.min(12, size - at), at);
    if (head === null || head.length < 8) return { ok: false, reason: 'it is cut short' };
    const length = head.readUInt32LE(0);
    const crc = head.readUInt32LE(4);
    at += 8;
    if (length === 0) break;
    if (at + length > size) return { ok: false, reason: 'it is cut short' };
    if (lazy(payloads.length)) {
      if (length < 4 || head.length < 12) return { ok: false, reason: 'a chunk has the wrong shape' };
      payloads.push({ offset: at, length, crc, head: head.readUInt32LE(8) });
    } else {
      const payload = read(length, at);
      if (payload === null) return { ok: false, reason: 'it is cut short' };
      if (check && checksum(payload) !== crc) return { ok: false, reason: 'a checksum does not match (it was damaged)' };
      payloads.push(payload);
    }
    at += length;
  }
  if (at !== size) return { ok: false, reason: 'it has bytes after its end' };
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

/** A record left on the disk (a chunk's texts, read when first asked for): where its payload is, how long, its checksum, and its first 4 bytes (a u32). */
export interface LazyRecord {
  readonly offset: number;
  readonly length: number;
  readonly crc: number;
  readonly head: number;
}

/**
 * An index read but for its lazy records: the payloads of the others (read, each in a buffer of
 * its own, checksums checked), and the file still open (`fd`) for the rest. The file is never
 * written in place (a new one is renamed over it), so what `fd` reads stays these bytes.
 */
export interface FrontIndex {
  readonly payloads: readonly (Buffer | LazyRecord)[];
  readonly size: number;
  readonly fd: number;
}

/**
 * The records of the index open as `fd` (`size` bytes), the `k`-th read when `lazy(k)` is false
 * and left on the disk otherwise; or why they are not whole (the caller closes `fd` then).
 */
export function readFront(fd: number, size: number, lazy: (k: number) => boolean): { readonly ok: true; readonly front: FrontIndex } | { readonly ok: false; readonly reason: string } {
  const walked = walkRecords(size, (length, at) => readExactly(fd, length, at), lazy, true);
  return walked.ok ? { ok: true, front: { payloads: walked.payloads, size, fd } } : walked;
}

/** The payload of `record` read from `fd`, its checksum checked; `null` when it cannot be read whole or does not match. */
export function readLazy(fd: number, record: LazyRecord): Buffer | null {
  const into = readExactly(fd, record.length, record.offset);
  return into !== null && checksum(into) === record.crc ? into : null;
}

/** `length` bytes of `fd` from `at`, in a buffer of their own (moved to another thread without a copy); `null` when the file ends first. */
function readExactly(fd: number, length: number, at: number): Buffer | null {
  const into = Buffer.allocUnsafeSlow(length);
  for (let got = 0; got < length; ) {
    const n = readSync(fd, into, got, length - got, at + got);
    if (n === 0) return null;
    got += n;
  }
  return into;
}

/** Whether the `k`-th record is a chunk's texts, left on the disk (index-snapshot.ts: the head, the listings, then each chunk as its columns, its link targets and its texts, then the kept answers). */
export function isChunkTexts(k: number): boolean {
  return k >= 2 && (k - 2) % 3 === 2;
}

/**
 * The on-disk index's format (issue 38): what a workspace index keeps per file — its analysis
 * (node, items, findings), its link findings and the paths they looked at — with the file's
 * stat data, in chunks of V8's serialization, each with its length and CRC-32.
 *
 *   "DOCUGRAPH-INDEX\n" · record* · end        record: u32 length · u32 crc · payload
 *
 * The first record is the meta (format, key, root, count of files); the second, every folder's
 * listing (store/listing-reuse.ts: read before the walk, apart from the rest), whose entries the
 * files' paths are places in; then each chunk as three records, its columns (index-records.ts),
 * the paths its files' link checks looked at, and its files' texts (index-texts.ts: both made
 * strings only when read; the texts of a large index read from the disk only then, see
 * index-read.ts); then the answers kept beside the files (index-memo.ts), signed with the
 * user's secret (read/cache-file.ts: a keyed hash of them, the workspace and the key) and used
 * only when the signature is this user's — an index another wrote (planted in a repository
 * with `cache: .docugraph`) is a cache of files, each checked against the disk, but its answers
 * are worked out again; then
 * the end (a record of length 0), which a truncated file lacks. The stat data of a chunk's files
 * are one run of bytes (`KEY_BYTES` each).
 * Nothing in the file is trusted: a wrong magic, version, key, length, checksum or shape is a
 * reason to load cold, never an exception; texts left on the disk are checked when they are
 * read (index-text-file.ts: their documents are read instead when they are damaged).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import { isChunkTexts, leadingRecords, MAGIC, record, recordsOf, type FrontIndex, type LazyRecord } from './index-frame.js';
import { reuseOf, wellShapedListings, type KeptListings, type ListingReuse } from './listing-reuse.js';
import { chunkOf, restore, wellShaped, type Chunk, type SnapshotFile } from './index-records.js';
import type { FileEntry } from '../check/link-checks.js';
import { readMemo, writtenMemo, type IndexMemo } from './index-memo.js';
import { ChunkTexts, textLength } from './index-texts.js';
import type { TextFile } from './index-text-file.js';
import { KEY_BYTES, KEY_INTS } from '../read/stat-ahead.js';

export type { SnapshotFile, StatKey } from './index-records.js';

/**
 * Bumped whenever what is written changes shape, or what a kept result means: the index's key
 * holds DocuGraph's version, not its code, so a change to what a file's analysis, the graph,
 * cycle or state stages, `unblocks` or "did you mean" give must bump this too.
 */
export const SNAPSHOT_FORMAT = 55;
/** Files per chunk, and the text a chunk holds at most (whichever comes first). */
const CHUNK_FILES = 1000;
const CHUNK_TEXT = 4 * 1024 * 1024;

/** What a snapshot is for: the workspace and everything its per-file results depend on. */
export interface SnapshotMeta {
  readonly root: string;
  /** A hash of DocuGraph's version, the configuration and the link setup: another key, another index. */
  readonly key: string;
  /** The user's secret, which signs the answers kept (`null`: none to sign with; kept answers are then never used), read when first needed. */
  readonly secret: () => Uint8Array | null;
}

/** The answers of an index whose kept answers are not used: each is worked out again. */
const NO_MEMO: IndexMemo = Object.freeze({ suggestions: null, unblocks: null, stages: null });

/** The signature of the kept answers `memo` (their bytes) of the index for `meta`. */
export function signature(meta: { readonly root: string; readonly key: string }, secret: Uint8Array, memo: Uint8Array): Buffer {
  return createHmac('sha256', secret).update(`docugraph-index-memo\0${meta.root}\0${meta.key}\0`).update(memo).digest();
}

/** What the walk had when the snapshot was made: what a link check decided from it alone. */
export interface WalkedNames {
  /** Every entry (files and folders). */
  readonly entries: ReadonlySet<string>;
  /** The folders listed (without a finding). */
  readonly dirs: ReadonlySet<string>;
  /** The names the listings left out (dot-entries, skipped folders), as paths. */
  readonly hidden: ReadonlySet<string>;
}

export interface DecodedSnapshot {
  /**
   * The files, in path order (checked): the i-th file is the i-th of the lists below. What a
   * start keeps of each of 100,000 files is made once, into these lists, not into a record per
   * file: every object fewer is less for the collector to move.
   */
  readonly paths: readonly string[];
  readonly entries: readonly FileEntry[];
  /** Each file's stat data (`KEY_INTS` per file, see read/stat-ahead.ts). */
  readonly keys: Int32Array;
  /** 1 where a file's links are checked again at every start. */
  readonly recheck: Uint8Array;
  /** What the walk had when it was written: every folder's listing (the names a start's walk differs in are found from them). */
  readonly listings: KeptListings;
  /** Whether `listings` are those read before the walk (the listings the walk took are then these). */
  readonly listingsRead: boolean;
  readonly memo: IndexMemo;
  /** Whether the index's kept answers were left unused: signed by no one, or by someone else (this user's secret at hand). */
  readonly memoRefused: boolean;
}

/** The snapshot's bytes, chunk by chunk (a caller writes each as it comes). */
export function* encodeSnapshot(meta: SnapshotMeta, files: readonly SnapshotFile[], memo: IndexMemo, listings: KeptListings): Generator<Uint8Array, void, void> {
  yield MAGIC;
  yield* record(serialize({ format: SNAPSHOT_FORMAT, root: meta.root, key: meta.key, files: files.length }));
  yield* record(serialize(listings));
  // Each file's path as its place among the listings' entries (one string a path at the next start).
  const placeAt = new Map<string, number>();
  listings.entries.forEach((entry, i) => placeAt.set(entry, i));
  const placeOf = (path: string) => placeAt.get(path);
  for (let from = 0; from < files.length; ) {
    let to = from;
    for (let text = 0; to < files.length && to - from < CHUNK_FILES && text < CHUNK_TEXT; to += 1) {
      const source = files[to]!.entry.analysis.source;
      text += source === undefined ? 0 : textLength(source);
    }
    const { chunk, targets, texts } = chunkOf(files.slice(from, to), placeOf);
    yield* record(serialize(chunk));
    yield* record(targets);
    yield* record(texts);
    from = to;
  }
  // The answers kept (their findings' paths and ids those of the files above where they can be): one more chunk.
  const fileAt = new Map<string, number>();
  files.forEach((file, i) => fileAt.set(file.path, i));
  const written = writtenMemo(memo, (path) => fileAt.get(path), (i) => files[i]!.entry.analysis.node?.id ?? null);
  const memoBytes = serialize(written);
  const secret = meta.secret();
  yield* record(serialize({ memo: memoBytes, mac: secret === null ? null : signature(meta, secret, memoBytes) }));
  yield Buffer.alloc(8);
}

/** `expected`: the index is whole but for another version, configuration or workspace (nothing is wrong with it). */
export type DecodeResult = { readonly ok: true; readonly snapshot: DecodedSnapshot } | { readonly ok: false; readonly reason: string; readonly expected?: boolean };

/** An index read but for its texts (`FrontIndex`, checked), with the open file they are read from. */
export interface IndexFront {
  readonly front: FrontIndex;
  readonly file: TextFile;
}

/**
 * The snapshot in `bytes` (the whole index, or its front), when it is whole, of this format and
 * for `meta`; else why not. A step per chunk decoded (a caller may answer requests between them).
 * `checked`: `recordsOf` found every checksum right already (on another thread). `readAt`: every
 * entry's, as if read then.
 */
export function* decodeSnapshot(bytes: Buffer | IndexFront, meta: SnapshotMeta, checked = false, readAt?: number, early: ListingReuse | null = null): Generator<void, DecodeResult, void> {
  try {
    return yield* decodeChecked(bytes, meta, checked, readAt, early);
  } catch (error) {
    return { ok: false, reason: `it does not decode (${error instanceof Error ? error.message.slice(0, 80) : 'error'})` };
  }
}

function* decodeChecked(bytes: Buffer | IndexFront, meta: SnapshotMeta, checked: boolean, readAt: number | undefined, early: ListingReuse | null): Generator<void, DecodeResult, void> {
  const records = Buffer.isBuffer(bytes) ? recordsOf(bytes, checked) : { ok: true as const, payloads: bytes.front.payloads };
  if (!records.ok) return records;
  const { payloads } = records;
  const size = Buffer.isBuffer(bytes) ? bytes.length : bytes.front.size;
  /** A record that must be in memory (only a chunk's texts may be left on the disk). */
  const inMemory = (k: number): Buffer => {
    const payload = payloads[k]!;
    if (!Buffer.isBuffer(payload)) throw new Error('a record was left on the disk');
    return payload;
  };
  const textsOf = (k: number): ChunkTexts | null => {
    const payload: Buffer | LazyRecord = payloads[k]!;
    return Buffer.isBuffer(payload) ? ChunkTexts.of(payload) : isChunkTexts(k) && !Buffer.isBuffer(bytes) ? ChunkTexts.onDisk(bytes.file, payload) : null;
  };
  const head = deserialize(inMemory(0)) as Head;
  const wrong = headProblem(head, meta);
  if (wrong !== null) return wrong;
  const count = head.files;
  // Each file's stat data take `KEY_BYTES` of the file: a count the bytes cannot hold allocates nothing.
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count * KEY_BYTES > size) return { ok: false, reason: 'it holds another number of files than it says' };
  const paths: string[] = [];
  const entries: FileEntry[] = [];
  const keys = new Int32Array(count * KEY_INTS);
  const recheck = new Uint8Array(count);
  // After the head and the listings, each chunk is three records: its columns, its link targets, its texts.
  if (payloads.length < 3 || (payloads.length - 3) % 3 !== 0) return { ok: false, reason: 'a chunk lacks its texts' };
  // The listings as read before the walk, when they are these very bytes (another start may have written the index since).
  const reused = early !== null && inMemory(1).equals(early.payload);
  const listings = reused ? early.listings : (deserialize(inMemory(1)) as unknown);
  if (!wellShapedListings(listings)) return { ok: false, reason: 'its folder listings have the wrong shape' };
  for (let k = 2; k < payloads.length - 1; k += 3) {
    yield;
    const chunk = deserialize(inMemory(k)) as Chunk;
    const targets = ChunkTexts.of(inMemory(k + 1));
    const texts = textsOf(k + 2);
    if (!wellShaped(chunk) || targets === null || texts === null) return { ok: false, reason: 'a chunk has the wrong shape' };
    if (entries.length + chunk.paths.length > count) return { ok: false, reason: 'it holds another number of files than it says' };
    // Copied once into the list of all (aligned for 32-bit reads).
    new Uint8Array(keys.buffer).set(chunk.keys, entries.length * KEY_BYTES);
    for (let i = 0; i < chunk.paths.length; i += 1) {
      const restored = restore(chunk, texts, targets, i, readAt, listings.entries);
      if (restored === null) {
        const place = chunk.paths[i];
        return { ok: false, reason: `the entry of \`${String(typeof place === 'number' ? (listings.entries[place] ?? place) : place).slice(0, 80)}\` has the wrong shape` };
      }
      if (restored.recheck) recheck[entries.length] = 1;
      // In path order, each once: a start merges them with the files it lists.
      const path = restored.path;
      if (paths.length > 0 && !(paths[paths.length - 1]! < path)) return { ok: false, reason: 'its files are not in path order' };
      paths.push(path);
      entries.push(restored.entry);
    }
  }
  if (count !== paths.length || count !== entries.length) return { ok: false, reason: 'it holds another number of files than it says' };
  const tail = deserialize(inMemory(payloads.length - 1)) as { memo?: unknown; mac?: unknown };
  if (typeof tail !== 'object' || tail === null || !(tail.memo instanceof Uint8Array) || !(tail.mac === null || tail.mac instanceof Uint8Array)) return { ok: false, reason: 'its kept answers have the wrong shape' };
  const secret = meta.secret();
  const signed = secret !== null && tail.mac !== null && tail.mac.length === 32 && timingSafeEqual(tail.mac, signature(meta, secret, tail.memo));
  if (!signed) return { ok: true, snapshot: { paths, entries, keys, recheck, listings, listingsRead: reused, memo: NO_MEMO, memoRefused: secret !== null } };
  const memo = readMemo(deserialize(tail.memo), (i) => paths[i], (i) => (i < entries.length ? (entries[i]!.analysis.node?.id ?? null) : undefined));
  if (memo === null) return { ok: false, reason: 'its kept answers have the wrong shape' };
  return { ok: true, snapshot: { paths, entries, keys, recheck, listings, listingsRead: reused, memo, memoRefused: false } };
}

interface Head {
  readonly format?: unknown;
  readonly root?: unknown;
  readonly key?: unknown;
  readonly files?: unknown;
}

/** Why an index's head says it is not for `meta`, or `null`. */
function headProblem(head: Head, meta: SnapshotMeta): (DecodeResult & { readonly ok: false }) | null {
  if (typeof head !== 'object' || head === null || head.format !== SNAPSHOT_FORMAT) return { ok: false, reason: 'it was written by another version of DocuGraph', expected: true };
  if (head.root !== meta.root) return { ok: false, reason: 'it is for another workspace' };
  if (head.key !== meta.key) return { ok: false, reason: 'it was made with another configuration or version', expected: true };
  return null;
}

/**
 * The folder listings kept in an index whose first bytes are `read` (`read(length)` reads the
 * first `length`): read apart from the rest, before the walk. `null` when it has none for `meta`
 * (any problem with the rest is the decoder's to say).
 */
export function decodeListings(read: (length: number) => Buffer | null, meta: SnapshotMeta): ListingReuse | null {
  try {
    // The head first (an index for another configuration is read no further), then the listings' exact length.
    let bytes = read(LISTINGS_GUESS);
    const head = bytes === null ? null : leadingRecords(bytes, 1);
    if (head?.ok !== true || headProblem(deserialize(head.payloads[0]!) as Head, meta) !== null) return null;
    for (let tries = 0; bytes !== null && tries < 2; tries += 1) {
      const records = leadingRecords(bytes, 2);
      if (records.ok) return reuseOf(deserialize(records.payloads[1]!), records.payloads[1]!);
      if (records.need <= bytes.length) return null;
      bytes = read(records.need);
    }
  } catch {
    // Bytes that do not deserialise: no listings (the decoder says what is wrong).
  }
  return null;
}

/** How many bytes are read first for the head (the listings take some 6 MB at 100,000 files: read next, to their end). */
const LISTINGS_GUESS = 64 * 1024;

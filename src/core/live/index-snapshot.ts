/**
 * The on-disk index's format (issue 38): what a workspace index keeps per file — its analysis
 * (node, items, findings), its link findings and the paths they looked at — with the file's
 * stat data, in chunks of V8's serialization, each with its length and CRC-32.
 *
 *   "DOCUGRAPH-INDEX\n" · record* · end        record: u32 length · u32 crc · payload
 *
 * The first record is the meta (format, key, root, chunk count); then the chunks; then the end
 * (a record of length 0), which a truncated file lacks. In a chunk, the texts of its files are
 * two strings (one-byte and two-byte), each file's a slice of one: decoding copies a few large
 * strings instead of making 100,000 small ones, and every text and body is a slice again.
 * Nothing in the file is trusted: a wrong magic, version, key, length, checksum or shape is a
 * reason to load cold, never an exception.
 */
import { createHash } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import * as zlib from 'node:zlib';
import type { FileAnalysis, FileSource } from '../model/file-analysis.js';
import type { Stamp } from '../model/read-files.js';
import { extractMarkdown } from '../parse/markdown.js';
import type { DocNode, MarkdownInfo } from '../shared/types.js';
import type { FileEntry } from './link-checks.js';

const MAGIC = Buffer.from('DOCUGRAPH-INDEX\n', 'latin1');
/** Bumped whenever what is written changes shape. */
export const SNAPSHOT_FORMAT = 1;
/** Files per chunk, and the text a chunk holds at most (whichever comes first). */
const CHUNK_FILES = 1000;
const CHUNK_TEXT = 4 * 1024 * 1024;

/** A file's stat data as the index compares them: device, inode, size, mtime and ctime in nanoseconds. */
export type StatKey = readonly [dev: bigint, ino: bigint, size: bigint, mtimeNs: bigint, ctimeNs: bigint];

/** What a snapshot is for: the workspace and everything its per-file results depend on. */
export interface SnapshotMeta {
  readonly root: string;
  /** A hash of DocuGraph's version, the configuration and the link setup: another key, another index. */
  readonly key: string;
}

export interface SnapshotFile {
  readonly path: string;
  readonly stat: StatKey;
  readonly entry: FileEntry;
  /** Whether its links must be checked again at every start: the disk, not the walk, answered some of them. */
  readonly recheck: boolean;
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
  readonly files: ReadonlyMap<string, { readonly stat: StatKey; readonly entry: FileEntry; readonly recheck: boolean }>;
  readonly walked: WalkedNames;
}

/** A string of a file's text: a slice `[start, end)` of it, or the string itself when it is none. */
type Piece = readonly [number, number] | string;

/** A file in a chunk. */
interface FileRecord {
  readonly path: string;
  readonly stat: StatKey;
  /** Which of the chunk's texts holds the file's (0: one-byte, 1: two-byte), where, and how long; `null`: the file had none. */
  readonly text: readonly [0 | 1, number, number] | null;
  readonly node: Record<string, unknown> | null;
  readonly items: readonly Record<string, unknown>[] | null;
  readonly idLine: number;
  readonly mayLink: boolean;
  readonly diagnostics: FileAnalysis['diagnostics'];
  readonly misspelled: FileAnalysis['misspelled'];
  readonly lostId: string | null;
  /** Where the body starts in the text (`-1`: no body) and its first line; `null`: no source. */
  readonly body: readonly [number, number] | null;
  readonly links: FileEntry['links'];
  readonly stamp: Stamp | null;
  readonly recheck: boolean;
}

interface Chunk {
  readonly narrow: string;
  readonly wide: string;
  readonly files: readonly FileRecord[];
}

/** CRC-32 where Node has it (20.15 and later), else the first 32 bits of SHA-1. */
function checksum(bytes: Uint8Array): number {
  const crc = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
  if (crc !== undefined) return crc(bytes) >>> 0;
  return createHash('sha1').update(bytes).digest().readUInt32LE(0);
}

/** A record's head (length, checksum), then its payload: two pieces, the payload never copied. */
function record(payload: Uint8Array): [Buffer, Uint8Array] {
  const head = Buffer.allocUnsafe(8);
  head.writeUInt32LE(payload.length, 0);
  head.writeUInt32LE(checksum(payload), 4);
  return [head, payload];
}

/** The snapshot's bytes, chunk by chunk (a caller writes each as it comes). */
export function* encodeSnapshot(meta: SnapshotMeta, files: readonly SnapshotFile[], walked: WalkedNames): Generator<Uint8Array, void, void> {
  yield MAGIC;
  yield* record(serialize({ format: SNAPSHOT_FORMAT, root: meta.root, key: meta.key, files: files.length }));
  for (let from = 0; from < files.length; ) {
    const narrow: string[] = [];
    const wide: string[] = [];
    let narrowAt = 0;
    let wideAt = 0;
    const records: FileRecord[] = [];
    let text = 0;
    for (; from < files.length && records.length < CHUNK_FILES && text < CHUNK_TEXT; from += 1) {
      const file = files[from]!;
      const source = file.entry.analysis.source;
      let place: FileRecord['text'] = null;
      if (source !== undefined) {
        const oneByte = isOneByte(source.text);
        place = oneByte ? [0, narrowAt, source.text.length] : [1, wideAt, source.text.length];
        (oneByte ? narrow : wide).push(source.text);
        if (oneByte) narrowAt += source.text.length;
        else wideAt += source.text.length;
        text += source.text.length;
      }
      records.push(fileRecord(file, source, place));
    }
    yield* record(serialize({ narrow: narrow.join(''), wide: wide.join(''), files: records } satisfies Chunk));
  }
  // What the walk had: one more chunk.
  yield* record(serialize({ entries: [...walked.entries], dirs: [...walked.dirs], hidden: [...walked.hidden] }));
  yield Buffer.alloc(8);
}

function isOneByte(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  return !/[^\u0000-\u00ff]/.test(text);
}

function fileRecord(file: SnapshotFile, source: FileSource | undefined, place: FileRecord['text']): FileRecord {
  const { analysis, links, stamp } = file.entry;
  const text = source?.text ?? null;
  return {
    path: file.path,
    stat: file.stat,
    text: place,
    node: analysis.node === null ? null : strip(analysis.node, text),
    items: analysis.items === undefined ? null : analysis.items.map((item) => strip(item, text)),
    idLine: analysis.idLine,
    mayLink: analysis.mayLink,
    diagnostics: analysis.diagnostics,
    misspelled: analysis.misspelled,
    lostId: analysis.lostId ?? null,
    body: source === undefined ? null : [source.body === null ? -1 : source.text.length - source.body.length, source.bodyLine],
    links,
    stamp,
    recheck: file.recheck,
  };
}

/** The node as a record: its `text`, `body` and item source as pieces of the file's text. */
function strip(node: DocNode, text: string | null): Record<string, unknown> {
  const out: Record<string, unknown> = { ...node };
  out['text'] = piece(node.text, text);
  out['body'] = piece(node.body, text);
  if (node.item !== undefined) out['item'] = { ...node.item, source: node.item.source.text === text ? 0 : node.item.source.text };
  return out;
}

function piece(value: string, text: string | null): Piece {
  if (text === null) return value;
  if (value === text) return [0, text.length];
  if (text.endsWith(value)) return [text.length - value.length, text.length];
  const at = value.length === 0 ? 0 : text.indexOf(value);
  return at === -1 ? value : [at, at + value.length];
}

/** `expected`: the index is whole but for another version, configuration or workspace (nothing is wrong with it). */
export type DecodeResult = { readonly ok: true; readonly snapshot: DecodedSnapshot } | { readonly ok: false; readonly reason: string; readonly expected?: boolean };

/** The snapshot in `bytes`, when it is whole, of this format and for `meta`; else why not. A step per chunk decoded (a caller may answer requests between them). */
export function* decodeSnapshot(bytes: Buffer, meta: SnapshotMeta): Generator<void, DecodeResult, void> {
  try {
    return yield* decodeChecked(bytes, meta);
  } catch (error) {
    return { ok: false, reason: `it does not decode (${error instanceof Error ? error.message.slice(0, 80) : 'error'})` };
  }
}

function* decodeChecked(bytes: Buffer, meta: SnapshotMeta): Generator<void, DecodeResult, void> {
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
    if (checksum(payload) !== crc) return { ok: false, reason: 'a checksum does not match (it was damaged)' };
    payloads.push(payload);
    at += length;
  }
  if (at !== bytes.length) return { ok: false, reason: 'it has bytes after its end' };
  if (payloads.length < 2) return { ok: false, reason: 'it is cut short' };
  const head = deserialize(payloads[0]!) as { format?: unknown; root?: unknown; key?: unknown; files?: unknown };
  if (head.format !== SNAPSHOT_FORMAT) return { ok: false, reason: 'it was written by another version of DocuGraph', expected: true };
  if (head.root !== meta.root) return { ok: false, reason: 'it is for another workspace' };
  if (head.key !== meta.key) return { ok: false, reason: 'it was made with another configuration or version', expected: true };
  const files = new Map<string, { stat: StatKey; entry: FileEntry; recheck: boolean }>();
  for (const payload of payloads.slice(1, -1)) {
    yield;
    const chunk = deserialize(payload) as Chunk;
    if (typeof chunk.narrow !== 'string' || typeof chunk.wide !== 'string' || !Array.isArray(chunk.files)) return { ok: false, reason: 'a chunk has the wrong shape' };
    for (const file of chunk.files) {
      const restored = restore(file, chunk);
      if (restored === null) return { ok: false, reason: `the entry of \`${String(file?.path).slice(0, 80)}\` has the wrong shape` };
      files.set(file.path, restored);
    }
  }
  const tail = deserialize(payloads[payloads.length - 1]!) as { entries?: unknown; dirs?: unknown; hidden?: unknown };
  const strings = (value: unknown): value is string[] => Array.isArray(value) && value.every((e) => typeof e === 'string');
  if (!strings(tail.entries) || !strings(tail.dirs) || !strings(tail.hidden)) return { ok: false, reason: 'its list of entries has the wrong shape' };
  if (typeof head.files !== 'number' || head.files !== files.size) return { ok: false, reason: 'it holds another number of files than it says' };
  return { ok: true, snapshot: { files, walked: { entries: new Set(tail.entries), dirs: new Set(tail.dirs), hidden: new Set(tail.hidden) } } };
}

/** A file's entry again, its strings slices of its text; `null` when the record is not one this module writes. */
function restore(file: FileRecord, chunk: Chunk): { stat: StatKey; entry: FileEntry; recheck: boolean } | null {
  if (typeof file !== 'object' || file === null || typeof file.path !== 'string' || !Array.isArray(file.stat) || file.stat.length !== 5 || !file.stat.every((v) => typeof v === 'bigint')) return null;
  if (!Array.isArray(file.diagnostics) || !Array.isArray(file.misspelled) || typeof file.mayLink !== 'boolean' || typeof file.idLine !== 'number' || typeof file.recheck !== 'boolean') return null;
  let text: string | null = null;
  if (file.text !== null) {
    const [which, start, length] = file.text;
    const all = which === 0 ? chunk.narrow : chunk.wide;
    if (!(start >= 0 && length >= 0 && start + length <= all.length)) return null;
    text = all.slice(start, start + length);
  }
  // One source object for the file's items, as the analysis made it (KITS §6: the file's version).
  const shared = text === null ? null : { text };
  const node = file.node === null ? null : dress(file.node, text, shared);
  const items = file.items === null ? undefined : file.items.map((item) => dress(item, text, shared));
  if (node === undefined || (items !== undefined && items.some((item) => item === undefined))) return null;
  let source: FileSource | undefined;
  let markdown: () => MarkdownInfo | null = () => null;
  if (file.body !== null) {
    if (text === null) return null;
    const [start, bodyLine] = file.body;
    const body = start < 0 ? null : text.slice(start);
    source = { text, body, bodyLine };
    let parsed: MarkdownInfo | null | undefined;
    markdown = () => (parsed ??= body === null ? null : extractMarkdown(body, bodyLine));
  }
  const analysis: FileAnalysis = {
    path: file.path,
    node,
    idLine: file.idLine,
    mayLink: file.mayLink,
    diagnostics: file.diagnostics,
    misspelled: file.misspelled,
    markdown,
    ...(items === undefined ? {} : { items: items as DocNode[] }),
    ...(source === undefined ? {} : { source }),
    ...(file.lostId === null ? {} : { lostId: file.lostId }),
  };
  return { stat: file.stat, entry: { analysis, stamp: file.stamp, links: file.links }, recheck: file.recheck };
}

/** A node record made a node again: its pieces sliced out of the file's text (in place, keeping its keys' order); `undefined` when a piece is out of range. */
function dress(record: Record<string, unknown>, text: string | null, shared: { readonly text: string } | null): DocNode | undefined {
  const textOf = (value: unknown): string | undefined => {
    if (typeof value === 'string') return value;
    if (!Array.isArray(value) || text === null) return undefined;
    const [start, end] = value as [number, number];
    return start >= 0 && start <= end && end <= text.length ? text.slice(start, end) : undefined;
  };
  const nodeText = textOf(record['text']);
  const body = textOf(record['body']);
  if (nodeText === undefined || body === undefined || typeof record['id'] !== 'string') return undefined;
  record['text'] = nodeText;
  record['body'] = body;
  const item = record['item'] as Record<string, unknown> | undefined;
  if (item !== undefined) {
    if (item['source'] === 0) {
      if (shared === null) return undefined;
      item['source'] = shared;
    } else if (typeof item['source'] === 'string') item['source'] = { text: item['source'] };
    else return undefined;
  }
  return record as unknown as DocNode;
}

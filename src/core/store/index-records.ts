/**
 * A chunk of the on-disk index (issue 38, framing in index-snapshot.ts): its files' entries by
 * column, their texts and link targets as places in the chunk's texts (index-texts.ts), made
 * entries again. A chunk is data: one this module did not make is `null`, never an exception.
 */
import type { FileAnalysis } from '../model/file-analysis.js';
import type { Stamp } from '../model/file-stamp.js';
import { extractMarkdown } from '../parse/markdown.js';
import type { DocNode, MarkdownInfo } from '../shared/types.js';
import type { LinkEntry } from '../model/assemble-workspace.js';
import type { FileEntry } from '../check/link-checks.js';
import { KEY_BYTES } from '../read/stat-ahead.js';
import { isFindings, isListOf, isMisspellings, isNodeRecord, isStrings } from './index-shapes.js';
import { columnNode, KeptLinks, NONE, nodeColumnsWriter, wellShapedColumns, writtenTargets, type NodeColumns } from './index-columns.js';
import { KeptSource, KeptStamp, textLength, type ChunkTexts } from './index-texts.js';
import { dress, strip, unpack } from './index-node-record.js';
import { columnItems, isColumnRun, itemColumnsWriter, wellShapedItems, type ItemColumns } from './index-items.js';
import { TextWriter } from './index-text-writer.js';

/** A file's stat data as the index compares them: device, inode, size, mtime and ctime in nanoseconds. */
export type StatKey = readonly [dev: bigint, ino: bigint, size: bigint, mtimeNs: bigint, ctimeNs: bigint];

export interface SnapshotFile {
  readonly path: string;
  readonly stat: StatKey;
  readonly entry: FileEntry;
  /** Whether its links must be checked again at every start: the disk, not the walk, answered some of them. */
  readonly recheck: boolean;
}

/** A file restored from a chunk: its entry, and whether its links are checked again at every start. */
export interface RestoredFile {
  readonly path: string;
  readonly entry: FileEntry;
  readonly recheck: boolean;
}

/** The numbers of a file in a chunk's `numbers`, in this order. */
const TEXT_IN = 0; // which of the chunk's texts holds the file's: 0 one-byte, 1 two-byte, -1 none
const TEXT_START = 1;
const TEXT_LENGTH = 2;
const ID_LINE = 3;
const BODY_START = 4; // where the body starts in the text: -1 no body, -2 no source
const BODY_LINE = 5;
const STAMP = 6; // size (-1: no stamp), mtimeMs, ctimeMs, inode
const FLAGS = 10; // 1: may link, 2: its links are checked again at every start
const COLUMN_NODE = 11; // where its node is in `columns` (its `nodes` entry is 0), else -1
const TARGETS_IN = 12; // which of the chunk's texts holds its link targets joined (its `linkTargets` entry is 1), else -1
const TARGETS_START = 13;
const TARGETS_LENGTH = 14;
const NUMBERS = 15;

/**
 * The files of a chunk, by column: the i-th file is the i-th entry of each list. V8's
 * deserialiser spends its time on objects and strings, not bytes: the numbers of every file are
 * one `Float64Array`, an empty list is `null` (restored as `NONE`), and the paths a file's link
 * checks looked at are joined with NUL among the chunk's texts. A node's `type` and `status` are numbers in
 * the chunk's `words` (a few distinct strings, each restored once), and its `path` is `0` when it
 * is the file's; a node with a document's fields only is in `columns` (index-columns.ts).
 */
export interface Chunk {
  /** The stat data of the files, in order (`KEY_BYTES` each). */
  readonly keys: Uint8Array;
  /** Each file's path: its place among the index's folder listings' entries (listing-reuse.ts), or the path itself. */
  readonly paths: readonly (string | number)[];
  /** The distinct `type` and `status` values of the chunk's nodes. */
  readonly words: readonly string[];
  readonly numbers: Float64Array;
  /** Each file's node: `null` for none, `0` when it is in `columns`, else a record. */
  readonly nodes: readonly (Record<string, unknown> | 0 | null)[];
  readonly columns: NodeColumns;
  /** Each file's kit items: `null` for none, `[start, count]` in `itemColumns` (index-items.ts), else records. */
  readonly items: readonly (readonly Record<string, unknown>[] | readonly [number, number] | null)[];
  readonly itemColumns: ItemColumns;
  readonly diagnostics: readonly (FileAnalysis['diagnostics'] | null)[];
  readonly misspelled: readonly (FileAnalysis['misspelled'] | null)[];
  readonly lostIds: readonly (string | null)[];
  readonly linkDiagnostics: readonly (LinkEntry['diagnostics'] | null)[];
  /** `null`: not checked; `0`: none; `1`: the paths joined with NUL, among the chunk's texts; a list: paths of which one holds a NUL. */
  readonly linkTargets: readonly (0 | 1 | readonly string[] | null)[];
}

/** A chunk as written: its columns, the paths its files' link checks looked at, and its files' texts, each a record (index-texts.ts). */
export interface WrittenChunk {
  readonly chunk: Chunk;
  readonly targets: Buffer;
  readonly texts: Buffer;
}

/** The chunk of `files`: a column per field, their stat data as `keys`, their link targets and their texts a record each. */
export function chunkOf(files: readonly SnapshotFile[], placeOf: (path: string) => number | undefined = () => undefined): WrittenChunk {
  const [texts, targetTexts] = [new TextWriter(), new TextWriter()];
  const numbers = new Float64Array(files.length * NUMBERS);
  const keys = new BigInt64Array(files.length * 5);
  const some = <T>(list: readonly T[]): readonly T[] | null => (list.length === 0 ? null : list);
  const paths: (string | number)[] = [];
  const words: string[] = [];
  const wordAt = new Map<string, number>();
  const word = (value: string | null): number | null => {
    if (value === null) return null;
    let at = wordAt.get(value);
    if (at === undefined) wordAt.set(value, (at = words.push(value) - 1));
    return at;
  };
  const nodes: (Record<string, unknown> | 0 | null)[] = [];
  const columns = nodeColumnsWriter(word);
  const items: (Record<string, unknown>[] | readonly [number, number] | null)[] = [];
  const itemColumns = itemColumnsWriter(word);
  const diagnostics: (FileAnalysis['diagnostics'] | null)[] = [];
  const misspelled: (FileAnalysis['misspelled'] | null)[] = [];
  const lostIds: (string | null)[] = [];
  const linkDiagnostics: (LinkEntry['diagnostics'] | null)[] = [];
  const linkTargets: (0 | 1 | readonly string[] | null)[] = [];
  files.forEach((file, i) => {
    const { analysis, links, stamp } = file.entry;
    const source = analysis.source;
    // A restored file's text is copied as bytes, and made a string (not kept) only for what is written as one.
    const kept = source instanceof KeptSource ? source : null;
    let made: string | null | undefined = kept === null ? (source?.text ?? null) : undefined;
    const text = (): string | null => (made === undefined ? (made = kept!.peek()) : made);
    const at = i * NUMBERS;
    numbers[at + TEXT_IN] = -1;
    if (source !== undefined) {
      [numbers[at + TEXT_IN], numbers[at + TEXT_START]] = kept !== null ? kept.writeTo(texts) : texts.add(source.text);
      numbers[at + TEXT_LENGTH] = textLength(source);
    }
    numbers[at + ID_LINE] = analysis.idLine;
    numbers[at + BODY_START] = source === undefined ? -2 : kept !== null ? kept.bodyAt : source.body === null ? -1 : source.text.length - source.body.length;
    numbers[at + BODY_LINE] = source === undefined ? 0 : source.bodyLine;
    numbers[at + STAMP] = stamp === null ? -1 : stamp.size;
    numbers[at + STAMP + 1] = stamp?.mtimeMs ?? 0;
    numbers[at + STAMP + 2] = stamp?.ctimeMs ?? 0;
    numbers[at + STAMP + 3] = stamp?.ino ?? 0;
    numbers[at + FLAGS] = (analysis.mayLink ? 1 : 0) | (file.recheck ? 2 : 0);
    for (let k = 0; k < 5; k += 1) keys[i * 5 + k] = file.stat[k]!;
    paths.push(placeOf(file.path) ?? file.path);
    const inColumns = analysis.node === null ? null : columns.add(analysis.node, source, text, file.path);
    numbers[at + COLUMN_NODE] = inColumns ?? -1;
    nodes.push(analysis.node === null ? null : inColumns !== null ? 0 : strip(analysis.node, text(), file.path, word));
    const fileText = analysis.items === undefined ? null : text();
    items.push(analysis.items === undefined ? null : ((fileText === null ? null : itemColumns.add(analysis.items, fileText, file.path)) ?? analysis.items.map((item) => strip(item, fileText, file.path, word))));
    diagnostics.push(some(analysis.diagnostics));
    misspelled.push(some(analysis.misspelled));
    lostIds.push(analysis.lostId ?? null);
    linkDiagnostics.push(links === null ? null : some(links.diagnostics));
    // A restored file's targets among the texts are copied as bytes.
    const keptTargets = links instanceof KeptLinks ? links.writeTo(targetTexts) : null;
    const targets = links === null || keptTargets !== null ? null : writtenTargets(links);
    const placed = keptTargets ?? (typeof targets === 'string' ? ([...targetTexts.add(targets), targets.length] as const) : null);
    [numbers[at + TARGETS_IN], numbers[at + TARGETS_START], numbers[at + TARGETS_LENGTH]] = placed ?? [-1, 0, 0];
    linkTargets.push(placed !== null || typeof targets === 'string' ? 1 : targets);
  });
  const chunk: Chunk = { keys: new Uint8Array(keys.buffer), paths, words, numbers, nodes, columns: columns.done(), items, itemColumns: itemColumns.done(), diagnostics, misspelled, lostIds, linkDiagnostics, linkTargets };
  return { chunk, targets: targetTexts.record(), texts: texts.record() };
}

/** Whether `chunk` has the shape `chunkOf` gives (its columns of one length); its entries are checked as they are restored. */
export function wellShaped(chunk: Chunk): boolean {
  if (typeof chunk !== 'object' || chunk === null || !Array.isArray(chunk.paths) || !isStrings(chunk.words)) return false;
  const n = chunk.paths.length;
  const columns = [chunk.nodes, chunk.items, chunk.diagnostics, chunk.misspelled, chunk.lostIds, chunk.linkDiagnostics, chunk.linkTargets];
  if (!columns.every((column) => Array.isArray(column) && column.length === n)) return false;
  return chunk.numbers instanceof Float64Array && chunk.numbers.length === n * NUMBERS && chunk.keys instanceof Uint8Array && chunk.keys.length === n * KEY_BYTES && wellShapedColumns(chunk.columns) && wellShapedItems(chunk.itemColumns);
}

/**
 * File `i` of a (well-shaped) chunk made an entry again, its strings slices of its texts and of
 * its link `targets` (made when first read: index-texts.ts); `null` when it is not one `chunkOf`
 * made. `readAt`: the entry's (as if read then), else none.
 */
export function restore(chunk: Chunk, texts: ChunkTexts, targets: ChunkTexts, i: number, readAt?: number, entries: readonly string[] = []): RestoredFile | null {
  const place = chunk.paths[i];
  // The entry's string itself: the walk's, when it took the listing (one string a path, compared by identity).
  const path = typeof place === 'number' ? entries[place] : place;
  const diagnostics = chunk.diagnostics[i];
  const misspelled = chunk.misspelled[i];
  const lostId = chunk.lostIds[i];
  const linkDiagnostics = chunk.linkDiagnostics[i];
  const linkTargets = chunk.linkTargets[i];
  if (typeof path !== 'string' || !isFindings(diagnostics) || !isMisspellings(misspelled) || !isFindings(linkDiagnostics) || !(lostId === null || typeof lostId === 'string')) return null;
  if (!(linkTargets === null || linkTargets === 0 || linkTargets === 1 || isStrings(linkTargets))) return null;
  const numbers = chunk.numbers;
  const at = i * NUMBERS;
  const textIn = numbers[at + TEXT_IN]!;
  const textStart = numbers[at + TEXT_START]!;
  const textLength = numbers[at + TEXT_LENGTH]!;
  const which = textIn === 0 || textIn === 1 ? textIn : null;
  if (textIn !== -1 && (which === null || !texts.holds(which, textStart, textLength))) return null;
  const nodeRecord = chunk.nodes[i];
  const written = chunk.items[i];
  const inColumns = isColumnRun(written);
  const itemRecords = inColumns ? null : written;
  const record = (value: unknown): value is Record<string, unknown> => unpack(value, chunk.words, path) && isNodeRecord(value);
  if (!(nodeRecord === null || nodeRecord === 0 || record(nodeRecord)) || !(itemRecords === null || isListOf(itemRecords, record))) return null;
  let source: KeptSource | undefined;
  const start = numbers[at + BODY_START]!;
  if (start !== -2) {
    if (which === null || !(Number.isInteger(start) && start >= -1 && start <= textLength)) return null;
    source = KeptSource.of(texts, which, textStart, textLength, start, numbers[at + BODY_LINE]!, path);
  }
  // A node or items as records slice their texts now (rare: kit files, nodes with other fields).
  const sliced = written !== null || (nodeRecord !== null && nodeRecord !== 0);
  const text = !sliced || which === null ? null : (source?.text ?? texts.piece(which, textStart, textLength));
  // One source object for the file's items, as the analysis made it (KITS §6: the file's version).
  const shared = text === null || written === null ? null : { text };
  const node = nodeRecord === null ? null : nodeRecord === 0 ? columnNode(chunk.columns, numbers[at + COLUMN_NODE]!, chunk.words, path, source) : dress(nodeRecord, text, shared);
  const items = inColumns ? (shared === null ? undefined : columnItems(chunk.itemColumns, written[0], written[1], chunk.words, path, shared)) : itemRecords === null ? undefined : itemRecords.map((item) => dress(item, text, shared));
  if (inColumns && items === undefined) return null;
  if (node === undefined || (items !== undefined && !isListOf(items, (item) => item !== undefined))) return null;
  const flags = numbers[at + FLAGS]!;
  // Made field by field, not with spreads of optional parts (three objects a file, made and dropped).
  const idLine = numbers[at + ID_LINE]!;
  const mayLink = (flags & 1) !== 0;
  // With its source in the literal (nearly every file has one): no property added after, no second backing store.
  const analysis: Writable<FileAnalysis> =
    source === undefined
      ? { path, node, idLine, mayLink, diagnostics: diagnostics ?? NONE, misspelled: misspelled ?? NONE, markdown: noMarkdown }
      : { path, node, idLine, mayLink, diagnostics: diagnostics ?? NONE, misspelled: misspelled ?? NONE, markdown: keptMarkdown, source };
  if (items !== undefined) analysis.items = items as DocNode[];
  if (lostId !== null) analysis.lostId = lostId;
  const stamp: Stamp | null = numbers[at + STAMP] === -1 ? null : KeptStamp.of(numbers, at + STAMP);
  let links: KeptLinks | null = null;
  if (linkTargets === 1) {
    const [targetsIn, targetsStart, targetsLength] = [numbers[at + TARGETS_IN]!, numbers[at + TARGETS_START]!, numbers[at + TARGETS_LENGTH]!];
    if (!(targetsIn === 0 || targetsIn === 1) || !targets.holds(targetsIn, targetsStart, targetsLength)) return null;
    links = KeptLinks.of(linkDiagnostics ?? NONE, null, targets, targetsIn, targetsStart, targetsLength);
  } else if (linkTargets !== null) links = KeptLinks.of(linkDiagnostics ?? NONE, linkTargets);
  return { path, entry: readAt === undefined ? { analysis, stamp, links } : { analysis, stamp, links, readAt }, recheck: (flags & 2) !== 0 };
}

/** What a restored file's links are checked on, parsed when first asked for and kept per analysis (a method, not a closure per file: 100,000 starts with none called). */
const parsedMarkdown = new WeakMap<FileAnalysis, MarkdownInfo | null>();

function keptMarkdown(this: FileAnalysis): MarkdownInfo | null {
  let parsed = parsedMarkdown.get(this);
  if (parsed === undefined) parsedMarkdown.set(this, (parsed = this.source === undefined || this.source.body === null ? null : extractMarkdown(this.source.body, this.source.bodyLine)));
  return parsed;
}

const noMarkdown = (): null => null;

type Writable<T> = { -readonly [K in keyof T]: T[K] };

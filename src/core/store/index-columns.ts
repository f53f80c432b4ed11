/**
 * Parts of a chunk of the on-disk index (issue 38, index-records.ts) that a start restores for
 * every file, in the form that costs least to make again.
 *
 * Nodes: most have exactly the fields of a document's node (`PLAIN_KEYS`, in that order), the
 * file's text as theirs and a suffix of it as their body. Such a node is written by column —
 * ids, titles and dependencies as lists of strings, the rest as numbers — and made again as a
 * `KeptNode` (index-texts.ts), its texts read when first asked for: at 100,000 nodes 0.13 s,
 * where V8's deserialiser took 0.31 s to make an object of each record. Any other node (a kit's
 * item, typed relations, keys that differ) is a record, as before.
 *
 * Link targets: the paths a file's link checks looked at (some 770,000 at 100,000 files) stay as
 * the chunk held them until something reads them — a link check after a change, or a write of
 * the index — never the answer to a start that changed nothing.
 */
import type { LinkEntry } from '../model/assemble-workspace.js';
import type { FileSource } from '../model/file-analysis.js';
import { nodeVersion } from '../model/file-version.js';
import type { DocNode } from '../shared/types.js';
import { isStrings } from './index-shapes.js';
import { KeptNode, VERSION_BYTES, type ChunkTexts, type KeptSource } from './index-texts.js';
import type { TextWriter } from './index-text-writer.js';

/** Every empty list restored (shared, never written: the analysis and link checks only read them). */
export const NONE: readonly never[] = Object.freeze([]);

/** The fields of a node written by column, in the order a document's node has them. */
const PLAIN_KEYS = ['id', 'title', 'type', 'status', 'path', 'dependsOn', 'dependsOnLines', 'text', 'bodyLine', 'body'] as const;

/** The numbers of a node in `NodeColumns.numbers`, in this order. */
const TYPE = 0; // a word of the chunk, -1 for `null`
const STATUS = 1;
const DEP_START = 2; // its dependencies in `deps` and `depLines`
const DEP_COUNT = 3;
const BODY_LINE = 4;
const BODY_AT = 5; // where its body starts in the file's text
const NODE_NUMBERS = 6;

/** The nodes of a chunk written by column: the k-th such node is the k-th entry of each list. */
export interface NodeColumns {
  readonly ids: readonly string[];
  readonly titles: readonly string[];
  /** Every node's `dependsOn`, one after another, and their lines. */
  readonly deps: readonly string[];
  readonly depLines: Float64Array;
  readonly numbers: Float64Array;
  /** Each node's version (KITS §6: its file's), `VERSION_BYTES` each: a page of tasks gives them without reading their texts. */
  readonly versions: Uint8Array;
}

/** The columns of a chunk's nodes as they are written: `add` takes a node when it fits them and says where it went. */
export function nodeColumnsWriter(word: (value: string | null) => number | null): { add(node: DocNode, source: FileSource | undefined, text: () => string | null, path: string): number | null; done(): NodeColumns } {
  const ids: string[] = [];
  const titles: string[] = [];
  const deps: string[] = [];
  const depLines: number[] = [];
  const numbers: number[] = [];
  const versions: Buffer[] = [];
  return {
    add(node, source, text, path) {
      // A node restored from the columns, with its file's source: plain by construction (and its text is not made).
      const kept = node instanceof KeptNode && node.from === source && node.path === path;
      if (!kept && !isPlain(node, text(), path)) return null;
      versions.push(kept ? node.versionBytes() : Buffer.from(nodeVersion(node), 'hex'));
      numbers.push(word(node.type) ?? -1, word(node.status) ?? -1, deps.length, node.dependsOn.length, node.bodyLine, kept ? node.bodyAt : text()!.length - node.body.length);
      for (let i = 0; i < node.dependsOn.length; i += 1) (deps.push(node.dependsOn[i]!), depLines.push(node.dependsOnLines[i]!));
      titles.push(node.title);
      return ids.push(node.id) - 1;
    },
    done: () => ({ ids, titles, deps, depLines: Float64Array.from(depLines), numbers: Float64Array.from(numbers), versions: new Uint8Array(Buffer.concat(versions)) }),
  };
}

/** Whether `node` has exactly the fields `PLAIN_KEYS` names, in that order, at `path`, with the file's `text` and a suffix of it as its body. */
function isPlain(node: DocNode, text: string | null, path: string): boolean {
  if (text === null || node.text !== text || node.path !== path || !text.endsWith(node.body) || node.dependsOnLines.length !== node.dependsOn.length) return false;
  if (node instanceof KeptNode) return true;
  const keys = Object.keys(node);
  return keys.length === PLAIN_KEYS.length && keys.every((key, i) => key === PLAIN_KEYS[i]);
}

/** Whether `columns` have the shape `nodeColumnsWriter` gives (its values are checked as nodes are made). */
export function wellShapedColumns(columns: NodeColumns): boolean {
  if (typeof columns !== 'object' || columns === null || !isStrings(columns.ids) || !isStrings(columns.titles) || !isStrings(columns.deps)) return false;
  const { ids, titles, deps, depLines, numbers, versions } = columns;
  return (
    titles.length === ids.length &&
    depLines instanceof Float64Array &&
    depLines.length === deps.length &&
    numbers instanceof Float64Array &&
    numbers.length === ids.length * NODE_NUMBERS &&
    versions instanceof Uint8Array &&
    versions.length === ids.length * VERSION_BYTES
  );
}

/** Node `k` of (well-shaped) `columns`, of the file at `path` with `source`; `undefined` when its numbers are out of range. */
export function columnNode(columns: NodeColumns, k: number, words: readonly string[], path: string, source: KeptSource | undefined): DocNode | undefined {
  if (source === undefined || !(Number.isInteger(k) && k >= 0 && k < columns.ids.length)) return undefined;
  const at = k * NODE_NUMBERS;
  const numbers = columns.numbers;
  const type = wordAt(words, numbers[at + TYPE]!);
  const status = wordAt(words, numbers[at + STATUS]!);
  const start = numbers[at + DEP_START]!;
  const count = numbers[at + DEP_COUNT]!;
  const bodyAt = numbers[at + BODY_AT]!;
  if (type === undefined || status === undefined || !(Number.isInteger(start) && Number.isInteger(count) && start >= 0 && count >= 0 && start + count <= columns.deps.length) || !(Number.isInteger(bodyAt) && bodyAt >= 0 && bodyAt <= source.length)) return undefined;
  // No dependencies: the shared empty list, twice (no two arrays made for each such node).
  const dependsOnLines = count === 0 ? NONE : new Array<number>(count);
  for (let i = 0; i < count; i += 1) (dependsOnLines as number[])[i] = columns.depLines[start + i]!;
  return KeptNode.of(columns.ids[k]!, columns.titles[k]!, type, status, path, count === 0 ? NONE : columns.deps.slice(start, start + count), dependsOnLines, numbers[at + BODY_LINE]!, source, bodyAt, columns.versions, k * VERSION_BYTES);
}

/** Word `at` of the chunk (`-1`: `null`); `undefined` when there is no such word. */
function wordAt(words: readonly string[], at: number): string | null | undefined {
  return at === -1 ? null : Number.isInteger(at) ? words[at] : undefined;
}

/** The paths a file's link checks looked at as a chunk holds them: none (`0`), joined with NUL, or a list when one holds a NUL. */
export type WrittenTargets = string | 0 | readonly string[];

/** `targets` as a chunk holds them (a restored entry's as they were restored). */
export function writtenTargets(links: LinkEntry): WrittenTargets {
  if (links instanceof KeptLinks) return links.written;
  const targets = links.targets;
  return targets.length === 0 ? 0 : targets.some((t) => t.includes('\0')) ? targets : targets.join('\0');
}

/** A restored file's link findings, its targets made and split when first read. */
export class KeptLinks implements LinkEntry {
  // Plain fields, not `#private` ones: a getter of private fields throws when a copy that keeps the prototype reads it.
  declare readonly diagnostics: LinkEntry['diagnostics'];
  /** The targets as the chunk held them, or `null` when they are joined among its texts (`which`, `start`, `length`). */
  declare private readonly kept: 0 | readonly string[] | null;
  declare private readonly texts: ChunkTexts | null;
  declare private readonly which: 0 | 1;
  declare private readonly start: number;
  declare private readonly length: number;
  declare private split: readonly string[] | null;

  /** Made as a literal (see index-texts.ts). */
  static of(diagnostics: LinkEntry['diagnostics'], kept: 0 | readonly string[] | null, texts: ChunkTexts | null = null, which: 0 | 1 = 0, start = 0, length = 0): KeptLinks {
    return { __proto__: KeptLinks.prototype, diagnostics, kept, texts, which, start, length, split: null } as unknown as KeptLinks;
  }

  get targets(): readonly string[] {
    return (this.split ??= this.peekTargets());
  }

  /** Its targets, not kept (a write of the index reads them once). */
  peekTargets(): readonly string[] {
    if (this.split !== null) return this.split;
    const written = this.written;
    return written === 0 ? NONE : typeof written === 'string' ? written.split('\0') : written;
  }

  /** The paths as a chunk writes them (not split and joined again). */
  get written(): WrittenTargets {
    return this.kept ?? this.texts!.piece(this.which, this.start, this.length);
  }

  /** When its targets are joined among its chunk's texts: places their bytes among `writer`'s texts, and says how long they are; else `null`. */
  writeTo(writer: TextWriter): readonly [which: 0 | 1, start: number, length: number] | null {
    if (this.kept !== null) return null;
    const [which, start] = writer.addKept(this.texts!, this.which, this.start, this.length);
    return [which, start, this.length];
  }
}

/** A file's link targets, a restored file's not kept once made (a write of the index reads them once). */
export function peekTargets(links: LinkEntry): readonly string[] {
  return links instanceof KeptLinks ? links.peekTargets() : links.targets;
}

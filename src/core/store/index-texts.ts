/**
 * The texts of a chunk of the on-disk index (issue 38), made strings only when something reads
 * them. At 100,000 files they are some 240 MB: made at every start, they cost the main thread
 * 0.2 s (V8 copying them out of the index) for answers that, at a start, read none — a listing,
 * a report and a graph read ids, titles, states and findings; a bundle reads the bodies of its
 * own few documents. A chunk's texts are one record of the index beside its columns (a length,
 * then the one-byte texts as latin1, then the two-byte ones as UTF-16LE); a file's text, its body
 * and its node's text and body are made from there when first asked for, each kept once made.
 *
 * The bytes are a view of the index as read (a small one's bytes stay in memory, outside V8's
 * heap), or of a chunk's texts read from the index file when first asked for (a large index,
 * index-read.ts: at 100,000 files 243 MB that a start leaves on the disk; a chunk is read whole,
 * its checksum checked, and kept). A page's versions are written beside the nodes
 * (index-columns.ts), so a page of tasks reads no text.
 *
 * The paths a file's link checks looked at (some 37 MB at 100,000 files, read only by a link
 * check after a change and by a write of the index) are a record of the same kind beside the
 * texts, always read with the columns (a document can give its text again; they are found
 * only by checking its links). A restored file's
 * stamp reads its numbers from its chunk the same way: what a start makes for
 * each of 100,000 files it then keeps, and every object fewer is less for the collector to move.
 */
import { constants } from 'node:buffer';
import type { FileSource } from '../model/file-analysis.js';
import type { LazyRecord } from './index-frame.js';
import type { TextWriter } from './index-text-writer.js';
import { ChangedText, DamagedTexts, type TextFile, type WaitingTexts } from './index-text-file.js';

/** A version's bytes: its 16 hex digits (written by column, index-columns.ts). */
export const VERSION_BYTES = 8;
import type { Stamp } from '../model/file-stamp.js';
import type { DocNode } from '../shared/types.js';


/** A chunk's texts, each file's made a string when first asked for; read from the index file then when they were left on the disk. */
export class ChunkTexts implements WaitingTexts {
  /** How long the one-byte and the two-byte texts are, in characters. */
  readonly lengths: readonly [number, number];
  private loaded: Buffer | null;
  private failed = false;

  private constructor(
    bytes: Buffer | null,
    narrow: number,
    size: number,
    private readonly lazy: { readonly file: TextFile; readonly record: LazyRecord } | null,
  ) {
    this.loaded = bytes;
    this.lengths = [narrow, (size - 4 - narrow) / 2];
  }

  /** The texts of a record `textRecord` wrote; `null` when it is not one. */
  static of(bytes: Buffer): ChunkTexts | null {
    if (bytes.length < 4) return null;
    const narrow = bytes.readUInt32LE(0);
    return fits(narrow, bytes.length) ? new ChunkTexts(bytes, narrow, bytes.length, null) : null;
  }

  /** The texts of `record` of `file`, read when first asked for; `null` when its length and head cannot be such a record. */
  static onDisk(file: TextFile, record: LazyRecord): ChunkTexts | null {
    if (record.length < 4 || !fits(record.head, record.length)) return null;
    const texts = new ChunkTexts(null, record.head, record.length, { file, record });
    file.wait(texts);
    return texts;
  }

  /** Reads its texts if they are still on the disk (damaged ones: its sources read their files). */
  settle(): void {
    try {
      this.bytes();
    } catch (error) {
      if (!(error instanceof DamagedTexts)) throw error;
    }
  }

  private bytes(): Buffer {
    if (this.loaded !== null) return this.loaded;
    if (!this.failed && this.lazy !== null) this.loaded = this.lazy.file.read(this.lazy.record, this);
    if (this.loaded !== null) return this.loaded;
    this.failed = true;
    throw new DamagedTexts('a checksum of its texts does not match (it was damaged)');
  }

  /** The text of the file at `path` read from the file itself (its chunk's cannot be read back). */
  reread(path: string): string {
    return this.lazy?.file.textOf(path) ?? '';
  }

  /** Whether `length` characters from `start` are within the texts of that kind, and few enough to be one string (made later, when read). */
  holds(which: 0 | 1, start: number, length: number): boolean {
    return Number.isInteger(start) && Number.isInteger(length) && start >= 0 && length >= 0 && start + length <= this.lengths[which] && length <= constants.MAX_STRING_LENGTH;
  }

  /** The bytes of the `length` characters from `start` (in range: `holds`). */
  bytesOf(which: 0 | 1, start: number, length: number): Buffer {
    const from = which === 0 ? 4 + start : 4 + this.lengths[0] + 2 * start;
    return this.bytes().subarray(from, from + (which === 0 ? length : 2 * length));
  }

  /** The `length` characters from `start` of the one-byte (0) or the two-byte (1) texts (in range: `holds`). */
  piece(which: 0 | 1, start: number, length: number): string {
    const bytes = this.bytes();
    if (which === 0) return bytes.toString('latin1', 4 + start, 4 + start + length);
    const from = 4 + this.lengths[0] + 2 * start;
    return bytes.toString('utf16le', from, from + 2 * length);
  }
}

/** Whether a texts record of `size` bytes can have `narrow` one-byte characters first. */
function fits(narrow: number, size: number): boolean {
  return 4 + narrow <= size && (size - 4 - narrow) % 2 === 0;
}

/**
 * The objects a start makes for each of 100,000 files and keeps are made as object literals with
 * their class's prototype, not by a constructor: V8 notes where a literal is made and, once most
 * of what one place makes outlives a collection or two, allocates the rest there straight in the
 * old generation, where each object made by `new` is copied by the scavenges it outlives (some
 * 75 ms of collection at 100,000 files). Their fields are `declare`d: the literal makes them.
 */

/** A restored file's source (model/file-analysis.ts): its text and body made when first read, from its place in its chunk's texts (checked by the caller). */
export class KeptSource implements FileSource {
  declare private readonly texts: ChunkTexts;
  /** Which of the chunk's texts (0 one-byte, 1 two-byte), from where, how long. */
  declare private readonly which: 0 | 1;
  declare private readonly start: number;
  declare readonly length: number;
  /** Where its body starts in its text; -1: no body. */
  declare readonly bodyAt: number;
  declare readonly bodyLine: number;
  /** Its file (read again when its chunk's texts cannot be read back). */
  declare private readonly path: string;
  declare private madeText: string | null;
  declare private madeBody: string | null;

  static of(texts: ChunkTexts, which: 0 | 1, start: number, length: number, bodyAt: number, bodyLine: number, path: string): KeptSource {
    return { __proto__: KeptSource.prototype, texts, which, start, length, bodyAt, bodyLine, path, madeText: null, madeBody: null } as unknown as KeptSource;
  }

  get text(): string {
    return (this.madeText ??= this.peek());
  }


  get body(): string | null {
    return this.bodyAt < 0 ? null : (this.madeBody ??= this.text.slice(this.bodyAt));
  }

  /** Its text as a string, not kept (a write of the index reads it once). */
  peek(): string {
    if (this.madeText !== null) return this.madeText;
    try {
      return this.texts.piece(this.which, this.start, this.length);
    } catch (error) {
      if (!(error instanceof DamagedTexts)) throw error;
      // Read from its file once, and kept.
      return (this.madeText = this.texts.reread(this.path));
    }
  }

  /**
   * Places its text's bytes among `writer`'s texts (its text read from its file, when its chunk's
   * cannot be read back); throws `ChangedText` when that is not as long as the index's was (the
   * file changed since: the numbers the index holds of it are of the other text).
   */
  writeTo(writer: TextWriter): readonly [which: 0 | 1, start: number] {
    try {
      if (this.madeText === null || this.madeText.length === this.length) return writer.addKept(this.texts, this.which, this.start, this.length);
    } catch (error) {
      if (!(error instanceof DamagedTexts)) throw error;
    }
    const text = this.text;
    if (text.length !== this.length) throw new ChangedText(this.path);
    return writer.add(text);
  }
}

/** How long a file's text is (a restored one's without making it). */
export function textLength(source: FileSource): number {
  return source instanceof KeptSource ? source.length : source.text.length;
}

/**
 * A restored node with a document's fields only (index-columns.ts): its text is its file's and
 * its body a suffix of it, both read from the file's source when first asked for. Its fields are
 * a document node's, in their order, with `text` and `body` read through the prototype.
 */
export class KeptNode implements DocNode {
  declare readonly id: string;
  declare readonly title: string;
  declare readonly type: string | null;
  declare readonly status: string | null;
  declare readonly path: string;
  declare readonly dependsOn: readonly string[];
  declare readonly dependsOnLines: readonly number[];
  declare readonly bodyLine: number;
  /** Its file's source, whose text is its own; where its body starts in it. */
  declare readonly from: KeptSource;
  declare readonly bodyAt: number;
  /** Its version's bytes (its file's, as the index was written: KITS §6), from `versionAt` of `versions`. */
  declare private readonly versions: Uint8Array;
  declare private readonly versionAt: number;
  declare private madeBody: string | null;

  static of(id: string, title: string, type: string | null, status: string | null, path: string, dependsOn: readonly string[], dependsOnLines: readonly number[], bodyLine: number, from: KeptSource, bodyAt: number, versions: Uint8Array, versionAt: number): KeptNode {
    return { __proto__: KeptNode.prototype, id, title, type, status, path, dependsOn, dependsOnLines, bodyLine, from, bodyAt, versions, versionAt, madeBody: null } as unknown as KeptNode;
  }

  /** Its version (model/file-version.ts), without reading its text. */
  get fileVersion(): string {
    return Buffer.from(this.versions.buffer, this.versions.byteOffset + this.versionAt, VERSION_BYTES).toString('hex');
  }

  /** Its version's bytes, as a later write of the index copies them. */
  versionBytes(): Buffer {
    return Buffer.from(this.versions.subarray(this.versionAt, this.versionAt + VERSION_BYTES));
  }

  get text(): string {
    return this.from.text;
  }

  /** Its JSON: a document node's, key for key (its texts made). */
  toJSON(): DocNode {
    const { id, title, type, status, path, dependsOn, dependsOnLines, text, bodyLine, body } = this;
    return { id, title, type, status, path, dependsOn, dependsOnLines, text, bodyLine, body };
  }

  get body(): string {
    if (this.madeBody !== null) return this.madeBody;
    const body = this.bodyAt === this.from.bodyAt ? this.from.body! : this.from.text.slice(this.bodyAt);
    return (this.madeBody = body);
  }
}

/** A restored file's stamp (model/read-files.ts), read from its chunk's numbers (one object, where a stamp of its own held three numbers boxed). */
export class KeptStamp implements Stamp {
  declare private readonly numbers: Float64Array;
  /** Where its size is; then its mtime, ctime and inode. */
  declare private readonly at: number;

  static of(numbers: Float64Array, at: number): KeptStamp {
    return { __proto__: KeptStamp.prototype, numbers, at } as unknown as KeptStamp;
  }

  get size(): number {
    return this.numbers[this.at]!;
  }

  get mtimeMs(): number {
    return this.numbers[this.at + 1]!;
  }

  get ctimeMs(): number {
    return this.numbers[this.at + 2]!;
  }

  get ino(): number {
    return this.numbers[this.at + 3]!;
  }
}


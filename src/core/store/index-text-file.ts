/**
 * The index file a large index's texts are read from when first asked for (issue 38,
 * index-texts.ts), and what is done when they cannot be read back as written.
 */
import { closeSync } from 'node:fs';
import { readFileInside } from '../read/safe-fs.js';
import { MAX_FILE_BYTES } from '../read/read-bytes.js';
import { decodeText } from '../shared/normalize-text.js';
import { readLazy, type LazyRecord } from './index-frame.js';

/** What a chunk's texts left on the disk throw when they cannot be read back as written (a restored source then reads its file). */
export class DamagedTexts extends Error {}

/** What a write of the index throws for a restored file whose text, read again from the file, is not the one the index held (the file changed since: the write is left for the next one). */
export class ChangedText extends Error {}

/** A chunk of texts still on the disk: `settle` reads it (or finds it damaged). */
export interface WaitingTexts {
  settle(): void;
}

/** Closes the index file of a `TextFile` no one reads from any more. */
const closing = new FinalizationRegistry<number>((fd) => closeQuietly(fd));

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Closed already.
  }
}

/**
 * The index file, open, that the chunks' texts left on the disk are read from (it is never
 * written in place: a new index is renamed over it, and this one keeps reading its own bytes).
 * It is closed once every chunk is read (after `seal`: the decode made them all), before a new
 * index is renamed over it (`release`: Windows renames over no open file, and elsewhere the old
 * file's space would stay in use), or when no restored text is left. A chunk that cannot be
 * read back whole, checksum and all, is said once (`onDamage`), and its files' texts are read
 * from the files themselves (`reread`): the index held their stat data, so they are the texts
 * the index held.
 */
export class TextFile {
  private fd: number | null;
  private said = false;
  private sealed = false;
  private readonly waiting = new Set<WaitingTexts>();

  constructor(
    fd: number,
    private readonly reread: (path: string) => string | null,
    private readonly onDamage: (reason: string) => void,
  ) {
    this.fd = fd;
    closing.register(this, fd, this);
  }

  /** Notes a chunk whose texts are still on the disk. */
  wait(chunk: WaitingTexts): void {
    this.waiting.add(chunk);
  }

  /** Every chunk is noted (the decode is done): the file closes once they are read. */
  seal(): void {
    this.sealed = true;
    if (this.waiting.size === 0) this.close();
  }

  /** Reads every chunk still on the disk, then closes the file (before a new index is renamed over it). */
  release(): void {
    for (const chunk of [...this.waiting]) chunk.settle();
    this.close();
  }

  /** The payload of `record` (of `chunk`), its checksum checked; `null` (said once) when it cannot be read back as written. */
  read(record: LazyRecord, chunk: WaitingTexts): Buffer | null {
    let bytes: Buffer | null = null;
    try {
      if (this.fd !== null) bytes = readLazy(this.fd, record);
    } catch {
      bytes = null;
    }
    this.waiting.delete(chunk);
    if (this.sealed && this.waiting.size === 0) this.close();
    if (bytes !== null && bytes.readUInt32LE(0) === record.head) return bytes;
    if (!this.said) {
      this.said = true;
      this.onDamage('a checksum of its texts does not match (it was damaged)');
    }
    return null;
  }

  /** The text of the file at `path`, read again ('' when it cannot be). */
  textOf(path: string): string {
    return this.reread(path) ?? '';
  }

  close(): void {
    if (this.fd === null) return;
    closing.unregister(this);
    closeQuietly(this.fd);
    this.fd = null;
  }
}

/** The text of the document at `path` under `root` as a load reads it (inside the root, never through a link), or `null` when it cannot be read. */
export function documentText(root: string, path: string): string | null {
  const read = readFileInside(root, path, MAX_FILE_BYTES);
  const decoded = read.ok ? decodeText(read.bytes) : null;
  return decoded?.ok === true ? decoded.text : null;
}

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
 * written in place: a new index is renamed over it, and this one keeps reading its own bytes),
 * closed once none of them is left. A chunk that cannot be read back whole, checksum and all,
 * is said once (`onDamage`), and its files' texts are read from the files themselves
 * (`reread`): the index held their stat data, so they are the texts the index held.
 */
export class TextFile {
  private fd: number | null;
  private said = false;

  constructor(
    fd: number,
    private readonly reread: (path: string) => string | null,
    private readonly onDamage: (reason: string) => void,
  ) {
    this.fd = fd;
    closing.register(this, fd, this);
  }

  /** The payload of `record`, its checksum checked; `null` (said once) when it cannot be read back as written. */
  read(record: LazyRecord): Buffer | null {
    let bytes: Buffer | null = null;
    try {
      if (this.fd !== null) bytes = readLazy(this.fd, record);
    } catch {
      bytes = null;
    }
    if (bytes !== null && bytes.readUInt32LE(0) === record.head) return bytes;
    if (!this.said) {
      this.said = true;
      this.onDamage(this.fd === null ? 'it was closed' : 'a checksum of its texts does not match (it was damaged)');
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

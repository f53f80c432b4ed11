/**
 * A chunk's texts as the on-disk index writes them (issue 38, index-texts.ts): a length, then the
 * one-byte texts as latin1, then the two-byte ones as UTF-16LE.
 */
/** Texts a restored one's bytes are copied from (a chunk's, index-texts.ts). */
export interface KeptBytes {
  bytesOf(which: 0 | 1, start: number, length: number): Buffer;
}

function isOneByte(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  return !/[^\u0000-\u00ff]/.test(text);
}

/**
 * A chunk's texts as they are written: each one placed among the one-byte or the two-byte texts,
 * as a string or as the bytes of a restored one (a write after a warm start copies those, and
 * makes no string of them).
 */
export class TextWriter {
  private readonly parts: [(string | Buffer)[], (string | Buffer)[]] = [[], []];
  private readonly ends: [number, number] = [0, 0];

  /** Places `text`: which of the texts hold it (0 one-byte, 1 two-byte), from where. */
  add(text: string): readonly [which: 0 | 1, start: number] {
    return this.place(isOneByte(text) ? 0 : 1, text, text.length);
  }

  /** Places the text `length` characters from `start` of `texts`' kind `which` (in range), as its bytes. */
  addKept(texts: KeptBytes, which: 0 | 1, start: number, length: number): readonly [which: 0 | 1, start: number] {
    return this.place(which, texts.bytesOf(which, start, length), length);
  }

  private place(which: 0 | 1, part: string | Buffer, length: number): readonly [which: 0 | 1, start: number] {
    const start = this.ends[which];
    this.parts[which].push(part);
    this.ends[which] += length;
    return [which, start];
  }

  /** The record of the texts placed: the length of the one-byte texts (a u32), then they (latin1), then the two-byte ones (UTF-16LE). */
  record(): Buffer {
    const bytes = Buffer.allocUnsafe(4 + this.ends[0] + 2 * this.ends[1]);
    bytes.writeUInt32LE(this.ends[0], 0);
    let at = 4;
    for (const [which, encoding] of [[0, 'latin1'], [1, 'utf16le']] as const) {
      for (const part of this.parts[which]) at += typeof part === 'string' ? bytes.write(part, at, encoding) : part.copy(bytes, at);
    }
    return bytes;
  }
}

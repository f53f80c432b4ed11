/**
 * Newline-delimited framing of the STDIO wire with a cap on one line. Memory stays bounded:
 * an over-long line is not kept — the rest of it is discarded as it streams in, and only
 * its top-level `"id"` is recovered (by a byte scanner, in constant memory) so that the
 * request can still be answered.
 */
import { isSafeIntegerText } from './inbound.js';

/** What one line of input became. */
export type LineEvent =
  | { readonly kind: 'line'; readonly text: string }
  | { readonly kind: 'overlong'; readonly bytes: number; readonly id: string | number | undefined };

const NEWLINE = 0x0a;

/** Splits a byte stream into lines of at most `maxLineBytes` bytes (the newline excluded). */
export class LineReader {
  private parts: Buffer[] = [];
  private length = 0;
  /** Set while the current line is over the cap: its bytes are scanned and dropped. */
  private scanner: TopLevelIdScanner | undefined;

  constructor(readonly maxLineBytes: number) {}

  /** Feeds `chunk`; returns the lines it completed, in order. Linear in the chunk's size. */
  push(chunk: Buffer): LineEvent[] {
    const events: LineEvent[] = [];
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(NEWLINE, start);
      this.append(chunk.subarray(start, newline === -1 ? chunk.length : newline));
      if (newline === -1) return events;
      events.push(this.take());
      start = newline + 1;
    }
  }

  /** The unterminated last line at the end of input, if any. */
  end(): LineEvent | undefined {
    return this.length === 0 ? undefined : this.take();
  }

  private append(piece: Buffer): void {
    if (piece.length === 0) return;
    this.length += piece.length;
    if (this.scanner === undefined && this.length <= this.maxLineBytes) {
      this.parts.push(piece);
      return;
    }
    if (this.scanner === undefined) {
      this.scanner = new TopLevelIdScanner();
      for (const part of this.parts) this.scanner.feed(part);
      this.parts = [];
    }
    this.scanner.feed(piece);
  }

  private take(): LineEvent {
    const event: LineEvent =
      this.scanner === undefined
        ? { kind: 'line', text: Buffer.concat(this.parts, this.length).toString('utf8').replace(/\r$/, '') }
        : { kind: 'overlong', bytes: this.length, id: this.scanner.id() };
    this.parts = [];
    this.length = 0;
    this.scanner = undefined;
    return event;
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const isOpener = (byte: number) => byte === 0x7b || byte === 0x5b; // { [
const isCloser = (byte: number) => byte === 0x7d || byte === 0x5d; // } ]
/** Longer keys cannot be `"id"`, longer values are not ids worth answering. */
const MAX_KEY_BYTES = 16;
const MAX_VALUE_BYTES = 256;

/**
 * Finds the value of the top-level `"id"` member of a JSON object streamed as bytes, in
 * constant memory. Multi-byte UTF-8 sequences never contain the ASCII bytes it looks at.
 */
export class TopLevelIdScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** The raw bytes of the current depth-1 string, while it may still be the key `"id"`. */
  private key: number[] | undefined;
  private lastKey: string | undefined;
  /** The raw bytes of the value of `"id"`, while reading it. */
  private value: number[] | undefined;
  private found: string | number | undefined;

  feed(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length; i++) this.step(bytes[i]!);
  }

  /** The id seen so far: a string or an integer, else `undefined`. */
  id(): string | number | undefined {
    return this.found;
  }

  private step(byte: number): void {
    if (this.inString) {
      this.capture(byte);
      if (this.escaped) this.escaped = false;
      else if (byte === BACKSLASH) this.escaped = true;
      else if (byte === QUOTE) this.endString();
      return;
    }
    if (byte === QUOTE) {
      this.inString = true;
      if (this.depth === 1 && this.value === undefined) this.key = [];
      this.capture(byte);
    } else if (isOpener(byte)) {
      if (this.depth === 1) this.value = undefined; // an object or array is no id
      this.depth += 1;
    } else if (isCloser(byte)) {
      this.depth -= 1;
      if (this.depth === 0) this.endValue();
    } else if (this.depth === 1 && byte === COLON) {
      if (this.lastKey === 'id') this.value = [];
      this.lastKey = undefined;
    } else if (this.depth === 1 && byte === COMMA) {
      this.endValue();
    } else {
      this.capture(byte);
    }
  }

  private capture(byte: number): void {
    if (this.depth !== 1) return;
    if (this.key !== undefined) {
      this.key.push(byte);
      if (this.key.length > MAX_KEY_BYTES) this.key = undefined;
    } else if (this.value !== undefined) {
      this.value.push(byte);
      if (this.value.length > MAX_VALUE_BYTES) this.value = undefined;
    }
  }

  private endString(): void {
    this.inString = false;
    if (this.key === undefined) return;
    const key = parseJson(this.key);
    this.lastKey = typeof key === 'string' ? key : undefined;
    this.key = undefined;
  }

  private endValue(): void {
    if (this.value === undefined) return;
    const raw = this.value;
    const value = parseJson(raw);
    this.value = undefined;
    // A number only when its text is an integer JSON.parse keeps exactly.
    if (typeof value === 'string' || (typeof value === 'number' && isSafeIntegerText(Buffer.from(raw).toString('latin1').trim()))) this.found = value;
  }
}

function parseJson(bytes: readonly number[]): string | number | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(bytes).toString('utf8'));
    return typeof value === 'string' || typeof value === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}
